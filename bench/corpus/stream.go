package corpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
)

// Stream is one testdata file: one notification params object per line.
type Stream struct {
	Ver   string   // "v1" or "v2"
	Lines [][]byte // without the newline
	Kinds []string // the sessionUpdate of each line
	Bytes int64    // sum of len(Lines[i])
}

// Versions are the protocol versions with a stream, in benchmark order.
var Versions = []string{"v1", "v2"}

// LoadStreams reads DIR/v1_session_update.jsonl and
// DIR/v2_session_update.jsonl, in that order.
func LoadStreams(dir string) ([]*Stream, error) {
	var out []*Stream
	for _, ver := range Versions {
		s, err := LoadStream(dir, ver)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// LoadStream reads DIR/VER_session_update.jsonl, skipping blank lines.
func LoadStream(dir, ver string) (*Stream, error) {
	name := filepath.Join(dir, ver+"_session_update.jsonl")
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	s := &Stream{Ver: ver}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := bytes.Clone(sc.Bytes())
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var head struct {
			Update struct {
				SessionUpdate string `json:"sessionUpdate"`
			} `json:"update"`
		}
		if err := json.Unmarshal(line, &head); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, len(s.Lines)+1, err)
		}
		s.Lines = append(s.Lines, line)
		s.Kinds = append(s.Kinds, head.Update.SessionUpdate)
		s.Bytes += int64(len(line))
	}
	return s, sc.Err()
}

var loaded struct {
	sync.Mutex
	byDir map[string][]*Stream
}

// Streams is LoadStreams(dir) for tests and benchmarks: read once per
// process and directory, failing tb on error.
func Streams(tb testing.TB, dir string) []*Stream {
	tb.Helper()
	loaded.Lock()
	defer loaded.Unlock()
	if s, ok := loaded.byDir[dir]; ok {
		return s
	}
	s, err := LoadStreams(dir)
	if err != nil {
		tb.Fatal(err)
	}
	if loaded.byDir == nil {
		loaded.byDir = map[string][]*Stream{}
	}
	loaded.byDir[dir] = s
	return s
}

// Variants returns the kinds in order of first appearance and, for each,
// the index of the line used by the single-message benchmarks: the
// median-length line of that kind, except for tool_call_update, where it is
// the longest one (the one carrying a diff), which is the structurally
// richest message of the stream.
func (s *Stream) Variants() (kinds []string, pick map[string]int) {
	byKind := map[string][]int{}
	for i, k := range s.Kinds {
		if _, ok := byKind[k]; !ok {
			kinds = append(kinds, k)
		}
		byKind[k] = append(byKind[k], i)
	}
	pick = map[string]int{}
	for k, idx := range byKind {
		idx = append([]int(nil), idx...)
		sort.SliceStable(idx, func(a, b int) bool { return len(s.Lines[idx[a]]) < len(s.Lines[idx[b]]) })
		if k == "tool_call_update" {
			pick[k] = idx[len(idx)-1]
			for _, i := range idx {
				if bytes.Contains(s.Lines[i], []byte(`"type":"diff"`)) {
					pick[k] = i
				}
			}
		} else {
			pick[k] = idx[len(idx)/2]
		}
	}
	return kinds, pick
}
