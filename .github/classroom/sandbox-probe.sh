#!/usr/bin/env bash
# Says plainly whether this runner can grade inside the sandbox.
#
# The workbook sandboxes each grading program with bubblewrap, which needs unprivileged
# user namespaces. Ubuntu 24.04 runner images forbid them through AppArmor unless told
# otherwise, so this lifts that restriction when it can, then proves a sandbox starts. When
# none can, it says so on the run's summary page and in the log. `workbook grade` then
# refuses a class of two or more students (one could change another's grade) unless given
# --without-sandbox (the roster workflow's without_sandbox input); one submission alone (a
# student's own repository, a Gradescope container) is graded, with the module wall, the
# private report channel and the time limits still holding.
set -uo pipefail

# GitHub's runners give passwordless sudo; Gradescope runs this as root.
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v bwrap >/dev/null; then
    as_root apt-get install -y -qq bubblewrap >/dev/null 2>&1 || true
fi
if [ "$(cat /proc/sys/kernel/apparmor_restrict_unprivileged_userns 2>/dev/null || echo 0)" = "1" ]; then
    as_root sysctl -q -w kernel.apparmor_restrict_unprivileged_userns=0 || true
fi

if command -v bwrap >/dev/null && bwrap --unshare-all --die-with-parent --ro-bind / / --proc /proc --dev /dev true 2>/dev/null; then
    message="sandbox: bubblewrap works on this runner; every grading program runs inside it."
    echo "$message"
    echo "WORKBOOK_SANDBOX=available" >> "${GITHUB_ENV:-/dev/null}"
else
    message="GRADING WITHOUT THE SANDBOX: bubblewrap cannot create user namespaces on this runner. A class of two or more is refused unless you ask for it (without_sandbox); one submission is graded, but a hostile exercise is not confined: review flagged exercises by hand."
    echo "::warning title=No sandbox::$message"
    echo "WORKBOOK_SANDBOX=unavailable" >> "${GITHUB_ENV:-/dev/null}"
fi
echo "$message" >> "${GITHUB_STEP_SUMMARY:-/dev/null}"
exit 0
