package testclient

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// inside refuses a path outside the client's directory, so an agent's bad
// path fails the turn instead of touching the machine.
func (c *Client) inside(path string) (string, error) {
	if !strings.HasPrefix(path, c.root+string(filepath.Separator)) {
		return "", acp.NewInvalidParamsError("outside the working directory: " + path)
	}
	return path, nil
}

// WriteTextFile writes a file inside the directory.
func (c *Client) WriteTextFile(ctx context.Context, p *acp.WriteTextFileRequest) (*acp.WriteTextFileResponse, error) {
	path, err := c.inside(p.Path)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(p.Content), 0o644); err != nil {
		return nil, acp.NewInternalError(err.Error())
	}
	return &acp.WriteTextFileResponse{}, nil
}

// ReadTextFile reads a file inside the directory, from line Line (1-based)
// for at most Limit lines.
func (c *Client) ReadTextFile(ctx context.Context, p *acp.ReadTextFileRequest) (*acp.ReadTextFileResponse, error) {
	path, err := c.inside(p.Path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, acp.NewResourceNotFoundError(err.Error())
	}
	lines := strings.SplitAfter(string(data), "\n")
	if p.GetLine() > 0 {
		lines = lines[min(int(*p.Line)-1, len(lines)):]
	}
	if p.Limit != nil {
		lines = lines[:min(int(*p.Limit), len(lines))]
	}
	return &acp.ReadTextFileResponse{Content: strings.Join(lines, "")}, nil
}
