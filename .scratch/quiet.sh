#!/bin/bash
# Run a command with every process working under /work/wt-* stopped, and resume them after.
pids=()
for d in /proc/[0-9]*; do
  c=$(readlink $d/cwd 2>/dev/null) || continue
  case "$c" in /work/wt-*) pids+=(${d#/proc/});; esac
done
kill -STOP "${pids[@]}" 2>/dev/null
trap 'kill -CONT "${pids[@]}" 2>/dev/null' EXIT
"$@"
