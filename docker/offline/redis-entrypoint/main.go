// Command docker-entrypoint.sh is the entrypoint of the offline image
// redis-fault-lab/redis:offline, which is FROM scratch and so has no shell.
// It mimics the contract of the upstream redis image's docker-entrypoint.sh:
//
//   - no arguments, or a first argument that starts with "-" or ends with
//     ".conf": prepend "redis-server";
//   - then exec the command, looked up on PATH (/usr/local/bin:/usr/bin).
//
// One addition keeps the offline image reachable the way the upstream one is:
// upstream builds redis-server with protected-mode off by default, Debian's
// binary has it on. When the command is redis-server, no config file is given
// (first argument after it is an option, or there is none) and the arguments
// do not mention --protected-mode, "--protected-mode no" is appended.
//
// Unlike upstream it does not drop to a "redis" user (there is no gosu and
// no /etc/passwd in the image); redis-server runs as root in the container.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

const searchPath = "/usr/local/bin:/usr/bin"

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "" {
		args = args[1:]
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || strings.HasSuffix(args[0], ".conf") {
		args = append([]string{"redis-server"}, args...)
	}
	if filepath.Base(args[0]) == "redis-server" && onlyOptions(args[1:]) && !mentionsProtectedMode(args[1:]) {
		args = append(args, "--protected-mode", "no")
	}
	path, err := lookPath(args[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "docker-entrypoint.sh: %v\n", err)
		os.Exit(127)
	}
	err = syscall.Exec(path, args, os.Environ())
	fmt.Fprintf(os.Stderr, "docker-entrypoint.sh: exec %s: %v\n", path, err)
	os.Exit(126)
}

// onlyOptions reports whether redis-server gets no config file: no first
// argument, or one that is an option ("--x"), and no "-" (config on stdin).
func onlyOptions(args []string) bool {
	if len(args) > 0 && !strings.HasPrefix(args[0], "--") {
		return false
	}
	for _, a := range args {
		if a == "-" {
			return false
		}
	}
	return true
}

func mentionsProtectedMode(args []string) bool {
	for _, a := range args {
		if strings.EqualFold(a, "--protected-mode") || strings.HasPrefix(strings.ToLower(a), "--protected-mode=") {
			return true
		}
	}
	return false
}

// lookPath resolves name like a shell would: a name with a slash is used as
// is, anything else is searched in PATH (or searchPath when PATH is unset).
func lookPath(name string) (string, error) {
	if strings.Contains(name, "/") {
		if isExecutable(name) {
			return name, nil
		}
		return "", fmt.Errorf("%s: not an executable file", name)
	}
	dirs := os.Getenv("PATH")
	if dirs == "" {
		dirs = searchPath
	}
	for _, dir := range filepath.SplitList(dirs) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, name)
		if isExecutable(p) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: not found in PATH %s", name, dirs)
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0
}
