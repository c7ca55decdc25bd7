//go:build unix

package procagent

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// GroupMembers lists the processes of group pgid that have not exited. On
// Linux it reads /proc, where a process that has exited but is not yet
// waited for by its new parent shows as a zombie ("Z") and is left out;
// elsewhere it can only say whether the group still has a member.
func GroupMembers(pgid int) []string {
	if runtime.GOOS != "linux" {
		if err := syscall.Kill(-pgid, 0); err == nil || err == syscall.EPERM {
			return []string{"some process"}
		}
		return nil
	}
	entries, _ := os.ReadDir("/proc")
	var out []string
	for _, e := range entries {
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...; comm may hold spaces and parens.
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(fields) > 2 && fields[2] == strconv.Itoa(pgid) && fields[0] != "Z" {
			out = append(out, e.Name()+" "+fields[0])
		}
	}
	return out
}

// AssertGroupGone fails t unless no process of group pgid runs, allowing
// a moment for SIGKILL to take effect.
func AssertGroupGone(t testing.TB, pgid int) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for {
		left := GroupMembers(pgid)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("processes of the agent's group still run: %v", left)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
