package templates

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Commands for agents as the ACP registry describes them, and as a user
// writes them on one line. A registry entry (agent.json) says how its
// agent is distributed: as an archive per platform holding the program
// (binary), as an npm package run by npx, or as a Python package run by
// uvx, each with arguments and environment variables. The functions here
// turn a distribution into an *exec.Cmd for StartAgent; they never
// download anything: a binary's archive is unpacked by the caller, and npx
// and uvx fetch their packages themselves. This file is copied only into
// packages that have a client connection.

// AgentRegistryEntry is the part of an ACP registry entry (agent.json, or
// an element of the registry's "agents") that launching needs. Other
// members are ignored when decoding with encoding/json.
type AgentRegistryEntry struct {
	ID           string            `json:"id"`
	Name         string            `json:"name,omitempty"`
	Version      string            `json:"version,omitempty"`
	Description  string            `json:"description,omitempty"`
	Distribution AgentDistribution `json:"distribution"`
}

// AgentDistribution is the "distribution" object of a registry entry: the
// ways the agent can be run, any of them absent. Members of other kinds
// are ignored when decoding with encoding/json.
type AgentDistribution struct {
	// Binary maps a platform ("linux-x86_64", "darwin-aarch64",
	// "windows-x86_64", see AgentPlatform) to the archive for it.
	Binary map[string]AgentBinary `json:"binary,omitempty"`
	// Npx is an npm package, run as "npx -y PACKAGE ARGS...".
	Npx *AgentPackage `json:"npx,omitempty"`
	// Uvx is a Python package, run as "uvx PACKAGE ARGS...".
	Uvx *AgentPackage `json:"uvx,omitempty"`
}

// AgentBinary is a program in an archive, for one platform.
type AgentBinary struct {
	// Archive is where the archive is downloaded from (by the caller).
	Archive string `json:"archive"`
	// Cmd is the program's path inside the unpacked archive ("./agent").
	Cmd  string            `json:"cmd"`
	Args []string          `json:"args,omitempty"`
	Env  map[string]string `json:"env,omitempty"`
}

// AgentPackage is a package that a package runner (npx, uvx) fetches and
// runs.
type AgentPackage struct {
	Package string            `json:"package"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
}

// LaunchOptions says how to run an agent's distribution. The zero value
// runs npx or uvx packages with this program's environment; a binary needs
// BinaryDir.
type LaunchOptions struct {
	// Prefer is the order in which the kinds of distribution are tried
	// when an entry has several: the first that can run here is used.
	// Nil means binary, npx, uvx: a program for this platform needs no
	// runtime and no download at launch. A kind not listed is never used.
	Prefer []string
	// BinaryDir is the directory the binary's archive was unpacked into;
	// the entry's cmd is resolved relative to it. Without it the binary
	// kind cannot run.
	BinaryDir string
	// Platform is the registry's name for the platform to run on; ""
	// means this one (AgentPlatform).
	Platform string
	// TrimEnv starts the agent with only the variables an agent needs
	// from this program's environment (see TrimmedEnv) instead of all of
	// them, plus Env and the entry's own. Off by default: an agent often
	// reads more (an API key, a proxy, a config directory), and trimming
	// them away breaks it in ways its user cannot see.
	TrimEnv bool
	// Env is added to the environment, under the entry's own, which wins
	// for a name both set: "NAME=value" strings.
	Env []string
	// Dir is the agent's working directory; "" means this program's.
	Dir string
}

// AgentPlatform is the registry's name for the platform this program runs
// on: the system (linux, darwin, windows, ...) and the processor
// (x86_64, aarch64, or Go's name for others), joined by "-".
func AgentPlatform() string { return wirePlatform(runtime.GOOS, runtime.GOARCH) }

func wirePlatform(goos, goarch string) string {
	switch goarch {
	case "amd64":
		goarch = "x86_64"
	case "arm64":
		goarch = "aarch64"
	}
	return goos + "-" + goarch
}

// Command returns the command that runs the agent, for StartAgent: the
// first kind of distribution in opts.Prefer that the entry has and that
// can run here. A binary runs the entry's cmd for the platform, resolved
// in opts.BinaryDir (it must stay inside it and exist); npx and uvx must
// be found on PATH. When no kind can run, the error says why for each.
func (d *AgentDistribution) Command(opts LaunchOptions) (*exec.Cmd, error) {
	prefer := opts.Prefer
	if prefer == nil {
		prefer = []string{"binary", "npx", "uvx"}
	}
	var why []string
	for _, kind := range prefer {
		var cmd *exec.Cmd
		var err error
		switch kind {
		case "binary":
			if d.Binary == nil {
				continue
			}
			cmd, err = d.binaryCommand(opts)
		case "npx":
			if d.Npx == nil {
				continue
			}
			cmd, err = wireRunnerCommand("npx", []string{"-y"}, d.Npx, opts)
		case "uvx":
			if d.Uvx == nil {
				continue
			}
			cmd, err = wireRunnerCommand("uvx", nil, d.Uvx, opts)
		default:
			return nil, fmt.Errorf("launching the agent: LaunchOptions.Prefer: unknown kind %q (known: binary, npx, uvx)", kind)
		}
		if err == nil {
			return cmd, nil
		}
		why = append(why, err.Error())
	}
	if why == nil {
		return nil, fmt.Errorf("launching the agent: the distribution has none of the kinds %s", strings.Join(prefer, ", "))
	}
	return nil, errors.New("launching the agent: " + strings.Join(why, "; "))
}

// binaryCommand runs the program for the platform.
func (d *AgentDistribution) binaryCommand(opts LaunchOptions) (*exec.Cmd, error) {
	platform := opts.Platform
	if platform == "" {
		platform = AgentPlatform()
	}
	b, ok := d.Binary[platform]
	if !ok {
		return nil, fmt.Errorf("binary: none for the platform %s (the entry has %s)",
			platform, strings.Join(slices.Sorted(maps.Keys(d.Binary)), ", "))
	}
	if opts.BinaryDir == "" {
		return nil, fmt.Errorf("binary for %s: no directory the archive was unpacked into (LaunchOptions.BinaryDir)", platform)
	}
	rel := filepath.Clean(filepath.FromSlash(b.Cmd))
	if b.Cmd == "" || !filepath.IsLocal(rel) {
		return nil, fmt.Errorf("binary for %s: cmd %q is not a path inside the archive", platform, b.Cmd)
	}
	path := filepath.Join(opts.BinaryDir, rel)
	if info, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("binary for %s: %w (was %s unpacked into %s?)", platform, err, b.Archive, opts.BinaryDir)
	} else if info.IsDir() {
		return nil, fmt.Errorf("binary for %s: %s is a directory", platform, path)
	}
	if !filepath.IsAbs(path) {
		// exec would look a bare name up on PATH, and resolve a relative
		// one against Dir: the unpacked directory is meant.
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
	}
	return wireLaunchCmd(path, b.Args, b.Env, opts), nil
}

// wireRunnerCommand runs pkg by the package runner named runner, found on
// PATH, with flags before the package.
func wireRunnerCommand(runner string, flags []string, pkg *AgentPackage, opts LaunchOptions) (*exec.Cmd, error) {
	if pkg.Package == "" {
		return nil, fmt.Errorf("%s: the entry names no package", runner)
	}
	path, err := exec.LookPath(runner)
	if err != nil {
		return nil, fmt.Errorf("%s (to run %s): not found on PATH: %w", runner, pkg.Package, err)
	}
	args := append(append(slices.Clone(flags), pkg.Package), pkg.Args...)
	return wireLaunchCmd(path, args, pkg.Env, opts), nil
}

// AgentCommand returns the command that runs the agent line names, for
// StartAgent: line is split into words as a POSIX shell would, without
// running one: blanks separate words; 'single quotes' keep everything up to
// the next one; "double quotes" keep everything but a backslash before ",
// \, $, ` or a line break; elsewhere a backslash keeps the next character
// (so on Windows write paths in single quotes or with forward slashes).
// Nothing else is special: no variables, globs, pipes or redirections. The
// first word is the program, looked up on PATH when it has no path
// separator. opts gives the environment and directory (Prefer, BinaryDir
// and Platform do not apply).
func AgentCommand(line string, opts LaunchOptions) (*exec.Cmd, error) {
	words, err := SplitCommandLine(line)
	if err != nil {
		return nil, fmt.Errorf("launching the agent: %w", err)
	}
	if len(words) == 0 {
		return nil, errors.New("launching the agent: the command line is empty")
	}
	path := words[0]
	if !strings.ContainsAny(path, `/\`) {
		if path, err = exec.LookPath(path); err != nil {
			return nil, fmt.Errorf("launching the agent: %w", err)
		}
	}
	return wireLaunchCmd(path, words[1:], nil, opts), nil
}

// SplitCommandLine splits line into words by the rules AgentCommand
// states. An unterminated quote, and a backslash ending the line, are
// errors saying where the quote opened.
func SplitCommandLine(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
			continue
		case '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("command line: the single quote at offset %d is not closed", i)
			}
			word.WriteString(line[i+1 : i+1+end])
			i += 1 + end
		case '"':
			open := i
			for i++; ; i++ {
				if i >= len(line) {
					return nil, fmt.Errorf("command line: the double quote at offset %d is not closed", open)
				}
				if line[i] == '"' {
					break
				}
				if line[i] == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`\n", line[i+1]) >= 0 {
					i++
					if line[i] == '\n' {
						continue // a continued line
					}
				}
				word.WriteByte(line[i])
			}
		case '\\':
			if i+1 >= len(line) {
				return nil, fmt.Errorf("command line: the backslash at offset %d ends the line", i)
			}
			i++
			if line[i] == '\n' {
				continue // a continued line
			}
			word.WriteByte(line[i])
		default:
			word.WriteByte(c)
		}
		inWord = true
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// wireLaunchCmd makes the command, with its environment: this program's
// (all of it, or trimmed), then opts.Env, then env, a later value winning
// for the same name. The environment is set only when something is
// trimmed or added, so that a plain command inherits as exec's does.
func wireLaunchCmd(path string, args []string, env map[string]string, opts LaunchOptions) *exec.Cmd {
	cmd := exec.Command(path, args...)
	cmd.Dir = opts.Dir
	if !opts.TrimEnv && len(opts.Env) == 0 && len(env) == 0 {
		return cmd
	}
	base := os.Environ()
	if opts.TrimEnv {
		base = TrimmedEnv(base)
	}
	cmd.Env = wireMergeEnv(append(base, opts.Env...), env)
	return cmd
}

// wireMergeEnv adds env (sorted by name, for a deterministic order) to
// base, and drops every earlier entry of a name set again later. Names are
// compared ignoring case on Windows, as its environment does.
func wireMergeEnv(base []string, env map[string]string) []string {
	all := slices.Clone(base)
	for _, name := range slices.Sorted(maps.Keys(env)) {
		all = append(all, name+"="+env[name])
	}
	last := map[string]int{}
	for i, kv := range all {
		last[wireEnvKey(kv)] = i
	}
	out := all[:0]
	for i, kv := range all {
		if last[wireEnvKey(kv)] == i {
			out = append(out, kv)
		}
	}
	return out
}

// wireEnvKey is the name of a "NAME=value" entry, as the system compares
// it. A leading "=" belongs to the name (Windows' "=C:" entries).
func wireEnvKey(kv string) string {
	name := kv
	if i := strings.IndexByte(kv, '='); i == 0 {
		name, _, _ = strings.Cut(kv[1:], "=")
		name = "=" + name
	} else if i > 0 {
		name = kv[:i]
	}
	if runtime.GOOS == "windows" {
		return strings.ToUpper(name)
	}
	return name
}

// wireKeptEnv are the variables TrimmedEnv keeps, per system: who the user
// is, where their home and programs are, their terminal and language. On
// Windows more is needed: a program without SystemRoot cannot load
// parts of the system (sockets among them), and npx and uvx keep their
// caches under APPDATA and LOCALAPPDATA.
var wireKeptEnv = map[bool][]string{
	false: {"HOME", "LANG", "LANGUAGE", "LOGNAME", "PATH", "SHELL", "TERM", "TMPDIR", "TZ", "USER"},
	true: {"APPDATA", "COMSPEC", "HOMEDRIVE", "HOMEPATH", "LANG", "LOCALAPPDATA", "PATH", "PATHEXT",
		"PROGRAMDATA", "PROGRAMFILES", "PROGRAMFILES(X86)", "SYSTEMDRIVE", "SYSTEMROOT", "TEMP", "TERM",
		"TMP", "USERDOMAIN", "USERNAME", "USERPROFILE", "WINDIR"},
}

// TrimmedEnv keeps of env ("NAME=value" strings, as os.Environ returns)
// only what an agent needs to run as its user: on Unix PATH, HOME, SHELL,
// TERM, USER, LOGNAME, LANG, LANGUAGE, every LC_* (the user's language and
// formats), TMPDIR (macOS gives each user their own) and TZ; on Windows
// (where names are compared ignoring case) PATH, PATHEXT, SystemRoot,
// windir, SystemDrive, ComSpec, USERPROFILE, USERNAME, USERDOMAIN,
// HOMEDRIVE, HOMEPATH, APPDATA, LOCALAPPDATA, ProgramData, ProgramFiles,
// ProgramFiles(x86), TEMP, TMP, TERM and LANG. The order of env is kept.
func TrimmedEnv(env []string) []string {
	return wireTrimEnv(env, runtime.GOOS == "windows")
}

func wireTrimEnv(env []string, windows bool) []string {
	var out []string
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if windows {
			name = strings.ToUpper(name)
		}
		if slices.Contains(wireKeptEnv[windows], name) || (!windows && strings.HasPrefix(name, "LC_")) {
			out = append(out, kv)
		}
	}
	return out
}
