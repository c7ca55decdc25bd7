package templates

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestSplitCommandLine: words split as a POSIX shell splits them, without
// expanding anything, and an unterminated quote or a trailing backslash is
// an error saying where.
func TestSplitCommandLine(t *testing.T) {
	cases := []struct {
		line string
		want []string
	}{
		{"", nil},
		{"  \t ", nil},
		{"agent", []string{"agent"}},
		{"  npx -y  @scope/agent --acp ", []string{"npx", "-y", "@scope/agent", "--acp"}},
		{`agent 'a b' "c d"`, []string{"agent", "a b", "c d"}},
		{`agent '' ""`, []string{"agent", "", ""}},
		{`a'b'"c"d`, []string{"abcd"}},
		{`agent 'it''s' "say \"hi\"" back\ slash`, []string{"agent", "its", `say "hi"`, "back slash"}},
		{`agent '\n' "\n \\ \$ \x"`, []string{"agent", `\n`, `\n \ $ \x`}},
		{`agent $HOME *.go a|b;c`, []string{"agent", "$HOME", "*.go", "a|b;c"}},
		{"agent \\\n--flag", []string{"agent", "--flag"}},
		{`'C:\Program Files\agent.exe' --stdio`, []string{`C:\Program Files\agent.exe`, "--stdio"}},
		{"agent \"multi\nline\"", []string{"agent", "multi\nline"}},
	}
	for _, c := range cases {
		got, err := SplitCommandLine(c.line)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("SplitCommandLine(%q) = %q, %v; want %q", c.line, got, err, c.want)
		}
	}
	bad := map[string]string{
		`agent 'open`:      "the single quote at offset 6 is not closed",
		`agent "open \"`:   "the double quote at offset 6 is not closed",
		`agent "a" 'b' "c`: "the double quote at offset 14 is not closed",
		`agent \`:          "the backslash at offset 6 ends the line",
	}
	for line, want := range bad {
		if _, err := SplitCommandLine(line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("SplitCommandLine(%q): got %v, want %q", line, err, want)
		}
	}
}

// TestAgentCommand: the first word is the program, looked up on PATH when
// bare; an empty line and a bad quote are errors.
func TestAgentCommand(t *testing.T) {
	dir := fakeRunners(t, "my-agent")
	cmd, err := AgentCommand(`my-agent --model 'big one'`, LaunchOptions{Dir: "/work"})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, exeName("my-agent")); cmd.Path != want {
		t.Errorf("path %q, want %q", cmd.Path, want)
	}
	if want := []string{"my-agent", "--model", "big one"}; !slices.Equal(cmd.Args[1:], want[1:]) {
		t.Errorf("args %q", cmd.Args)
	}
	if cmd.Dir != "/work" || cmd.Env != nil {
		t.Errorf("dir %q, env %q: want /work and inherited", cmd.Dir, cmd.Env)
	}
	for line, want := range map[string]string{
		"   ":              "the command line is empty",
		"my-agent 'x":      "single quote at offset 9 is not closed",
		"no-such-agent-42": "no-such-agent-42",
	} {
		if _, err := AgentCommand(line, LaunchOptions{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("AgentCommand(%q): got %v, want %q", line, err, want)
		}
	}
}

// exeName is a program's file name on this system.
func exeName(name string) string {
	if runtime.GOOS == "windows" {
		return name + ".exe"
	}
	return name
}

// fakeRunners makes PATH a directory holding empty programs of names, and
// returns it.
func fakeRunners(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, exeName(n)), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
	return dir
}

// registryEntry is an agent.json as the registry publishes it, with
// members launching does not read.
const registryEntry = `{
  "id": "example-agent",
  "name": "Example Agent",
  "version": "1.2.0",
  "description": "An agent",
  "repository": "https://example.com/agent",
  "authors": ["someone"],
  "license": "MIT",
  "distribution": {
    "binary": {
      "linux-x86_64": {"archive": "https://example.com/agent-linux-x64.tar.gz", "cmd": "./bin/agent", "args": ["--acp"], "env": {"AGENT_MODE": "acp"}},
      "darwin-aarch64": {"archive": "https://example.com/agent-darwin-arm64.tar.gz", "cmd": "./bin/agent", "args": ["--acp"]},
      "windows-x86_64": {"archive": "https://example.com/agent-windows-x64.zip", "cmd": "bin/agent.exe", "args": ["--acp"]},
      "future-riscv": {"archive": "x", "cmd": "y", "checksum": "sha256:..."}
    },
    "npx": {"package": "@example/agent@1.2.0", "args": ["--acp"], "env": {"NODE_NO_WARNINGS": "1"}},
    "uvx": {"package": "example-agent==1.2.0", "args": ["acp"]},
    "docker": {"image": "example/agent"}
  }
}`

func decodeEntry(t *testing.T) AgentRegistryEntry {
	t.Helper()
	var e AgentRegistryEntry
	if err := json.Unmarshal([]byte(registryEntry), &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestAgentRegistryEntryDecodes: agent.json decodes, unknown members (a
// checksum, a kind of distribution not known here) ignored.
func TestAgentRegistryEntryDecodes(t *testing.T) {
	e := decodeEntry(t)
	d := e.Distribution
	if e.ID != "example-agent" || e.Version != "1.2.0" || len(d.Binary) != 4 || d.Npx == nil || d.Uvx == nil {
		t.Fatalf("decoded %+v", e)
	}
	b := d.Binary["linux-x86_64"]
	if b.Cmd != "./bin/agent" || !slices.Equal(b.Args, []string{"--acp"}) || b.Env["AGENT_MODE"] != "acp" {
		t.Errorf("linux binary %+v", b)
	}
	if d.Npx.Package != "@example/agent@1.2.0" || d.Uvx.Args[0] != "acp" {
		t.Errorf("npx %+v, uvx %+v", d.Npx, d.Uvx)
	}
}

// TestAgentPlatform: Go's names become the registry's.
func TestAgentPlatform(t *testing.T) {
	for _, c := range [][3]string{
		{"linux", "amd64", "linux-x86_64"},
		{"darwin", "arm64", "darwin-aarch64"},
		{"windows", "amd64", "windows-x86_64"},
		{"windows", "arm64", "windows-aarch64"},
		{"freebsd", "riscv64", "freebsd-riscv64"},
	} {
		if got := wirePlatform(c[0], c[1]); got != c[2] {
			t.Errorf("%s/%s: %q, want %q", c[0], c[1], got, c[2])
		}
	}
	if got, want := AgentPlatform(), wirePlatform(runtime.GOOS, runtime.GOARCH); got != want {
		t.Errorf("AgentPlatform() = %q, want %q", got, want)
	}
}

// TestDistributionBinary: the platform's cmd resolved in BinaryDir, with
// its args and env; a platform the entry lacks, a missing directory, a
// missing program and a cmd leaving the directory are errors naming the
// platform.
func TestDistributionBinary(t *testing.T) {
	d := decodeEntry(t).Distribution
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bin", "agent"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	only := []string{"binary"}
	cmd, err := d.Command(LaunchOptions{Prefer: only, BinaryDir: dir, Platform: "linux-x86_64"})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "bin", "agent"); cmd.Path != want || !slices.Equal(cmd.Args[1:], []string{"--acp"}) {
		t.Errorf("path %q args %q, want %q --acp", cmd.Path, cmd.Args, want)
	}
	if !slices.Contains(cmd.Env, "AGENT_MODE=acp") || len(cmd.Env) < 2 {
		t.Errorf("env lacks the entry's or this program's: %q", cmd.Env)
	}
	for _, c := range []struct {
		opts LaunchOptions
		want string
	}{
		{LaunchOptions{Prefer: only, BinaryDir: dir, Platform: "plan9-386"},
			"binary: none for the platform plan9-386 (the entry has darwin-aarch64, future-riscv, linux-x86_64, windows-x86_64)"},
		{LaunchOptions{Prefer: only, Platform: "linux-x86_64"},
			"binary for linux-x86_64: no directory the archive was unpacked into"},
		{LaunchOptions{Prefer: only, BinaryDir: dir, Platform: "darwin-aarch64", TrimEnv: true}, ""},
		{LaunchOptions{Prefer: only, BinaryDir: dir, Platform: "windows-x86_64"},
			"binary for windows-x86_64: "},
		{LaunchOptions{Prefer: only, BinaryDir: dir, Platform: "future-riscv"},
			"(was x unpacked into " + dir + "?)"},
	} {
		_, err := d.Command(c.opts)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.opts.Platform, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want %q", c.opts.Platform, err, c.want)
		}
	}
	escape := AgentDistribution{Binary: map[string]AgentBinary{"p": {Cmd: "../../bin/sh"}}}
	if _, err := escape.Command(LaunchOptions{BinaryDir: dir, Platform: "p"}); err == nil ||
		!strings.Contains(err.Error(), `binary for p: cmd "../../bin/sh" is not a path inside the archive`) {
		t.Errorf("a cmd leaving the directory: %v", err)
	}
}

// TestDistributionRunners: npx runs "npx -y PACKAGE ARGS", uvx "uvx
// PACKAGE ARGS", each found on PATH; one missing is an error naming it.
func TestDistributionRunners(t *testing.T) {
	d := decodeEntry(t).Distribution
	dir := fakeRunners(t, "npx", "uvx")
	cmd, err := d.Command(LaunchOptions{Prefer: []string{"npx"}})
	if err != nil {
		t.Fatal(err)
	}
	if cmd.Path != filepath.Join(dir, exeName("npx")) || !slices.Equal(cmd.Args[1:], []string{"-y", "@example/agent@1.2.0", "--acp"}) {
		t.Errorf("npx: %q %q", cmd.Path, cmd.Args)
	}
	if !slices.Contains(cmd.Env, "NODE_NO_WARNINGS=1") {
		t.Errorf("npx env lacks the entry's: %q", cmd.Env)
	}
	cmd, err = d.Command(LaunchOptions{Prefer: []string{"uvx"}})
	if err != nil {
		t.Fatal(err)
	}
	if cmd.Path != filepath.Join(dir, exeName("uvx")) || !slices.Equal(cmd.Args[1:], []string{"example-agent==1.2.0", "acp"}) || cmd.Env != nil {
		t.Errorf("uvx: %q %q env %q", cmd.Path, cmd.Args, cmd.Env)
	}
	t.Setenv("PATH", t.TempDir())
	if _, err := d.Command(LaunchOptions{Prefer: []string{"npx"}}); err == nil ||
		!strings.Contains(err.Error(), "npx (to run @example/agent@1.2.0): not found on PATH") {
		t.Errorf("npx missing: %v", err)
	}
}

// TestDistributionPreference: by default a binary for this platform wins,
// then npx, then uvx; a kind that cannot run is passed over, and when none
// can, the error says why for each; Prefer chooses the order and the kinds.
func TestDistributionPreference(t *testing.T) {
	d := decodeEntry(t).Distribution
	dir := fakeRunners(t, "uvx")
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "agent"), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	d.Binary[AgentPlatform()] = AgentBinary{Cmd: "agent"}
	got := func(opts LaunchOptions) string {
		cmd, err := d.Command(opts)
		if err != nil {
			return "error: " + err.Error()
		}
		return filepath.Base(cmd.Path)
	}
	if g := got(LaunchOptions{BinaryDir: bin}); g != "agent" {
		t.Errorf("default with a binary: %s", g)
	}
	// No directory for the binary, no npx on PATH: uvx.
	if g := got(LaunchOptions{}); g != exeName("uvx") {
		t.Errorf("default without a binary: %s", g)
	}
	if g := got(LaunchOptions{Prefer: []string{"uvx", "binary"}, BinaryDir: bin}); g != exeName("uvx") {
		t.Errorf("uvx first: %s", g)
	}
	want := "error: launching the agent: binary for " + AgentPlatform() + ": no directory the archive was unpacked into (LaunchOptions.BinaryDir); npx (to run @example/agent@1.2.0): not found on PATH"
	if g := got(LaunchOptions{Prefer: []string{"binary", "npx"}}); !strings.HasPrefix(g, want) {
		t.Errorf("none can run:\n got %s\nwant %s", g, want)
	}
	if g := got(LaunchOptions{Prefer: []string{"docker"}}); !strings.Contains(g, `unknown kind "docker"`) {
		t.Errorf("unknown kind: %s", g)
	}
	empty := AgentDistribution{}
	if _, err := empty.Command(LaunchOptions{}); err == nil || !strings.Contains(err.Error(), "the distribution has none of the kinds binary, npx, uvx") {
		t.Errorf("empty distribution: %v", err)
	}
	_ = dir
}

// TestTrimmedEnv: only the kept names pass, in their order; LC_* on Unix;
// Windows names compared ignoring case.
func TestTrimmedEnv(t *testing.T) {
	env := []string{"PATH=/bin", "AWS_SECRET_ACCESS_KEY=s", "HOME=/home/u", "LC_ALL=C.UTF-8", "SHELL=/bin/zsh",
		"TERM=xterm", "USER=u", "LOGNAME=u", "LANG=en_US.UTF-8", "OPENAI_API_KEY=k", "TMPDIR=/tmp/u", "Path=odd", "=C:=C:\\"}
	want := []string{"PATH=/bin", "HOME=/home/u", "LC_ALL=C.UTF-8", "SHELL=/bin/zsh", "TERM=xterm", "USER=u", "LOGNAME=u", "LANG=en_US.UTF-8", "TMPDIR=/tmp/u"}
	if got := wireTrimEnv(env, false); !slices.Equal(got, want) {
		t.Errorf("unix:\n got %q\nwant %q", got, want)
	}
	win := []string{"Path=C:\\Windows", "SystemRoot=C:\\Windows", "USERPROFILE=C:\\Users\\u", "APPDATA=a", "LOCALAPPDATA=l",
		"TEMP=t", "TMP=t", "ComSpec=cmd", "PATHEXT=.EXE", "GITHUB_TOKEN=g", "LC_ALL=C", "windir=C:\\Windows", "=C:=C:\\"}
	wantWin := []string{"Path=C:\\Windows", "SystemRoot=C:\\Windows", "USERPROFILE=C:\\Users\\u", "APPDATA=a", "LOCALAPPDATA=l",
		"TEMP=t", "TMP=t", "ComSpec=cmd", "PATHEXT=.EXE", "windir=C:\\Windows"}
	if got := wireTrimEnv(win, true); !slices.Equal(got, wantWin) {
		t.Errorf("windows:\n got %q\nwant %q", got, wantWin)
	}
}

// TestLaunchEnv: with TrimEnv, this program's secrets stay behind; the
// options' Env and then the entry's are added, the entry winning.
func TestLaunchEnv(t *testing.T) {
	t.Setenv("ACPGEN_SECRET", "s")
	t.Setenv("HOME", "/home/u")
	d := AgentDistribution{Uvx: &AgentPackage{Package: "p", Env: map[string]string{"B": "entry", "A": "entry"}}}
	fakeRunners(t, "uvx")
	cmd, err := d.Command(LaunchOptions{TrimEnv: true, Env: []string{"B=opts", "C=opts"}})
	if err != nil {
		t.Fatal(err)
	}
	has := func(kv string) bool { return slices.Contains(cmd.Env, kv) }
	if has("ACPGEN_SECRET=s") || !has("HOME=/home/u") || !has("A=entry") || !has("B=entry") || has("B=opts") || !has("C=opts") {
		t.Errorf("env %q", cmd.Env)
	}
	cmd, err = d.Command(LaunchOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(cmd.Env, "ACPGEN_SECRET=s") {
		t.Errorf("untrimmed env lacks this program's: %q", cmd.Env)
	}
}
