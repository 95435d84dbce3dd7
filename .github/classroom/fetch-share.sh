#!/usr/bin/env bash
# fetch-share.sh ROSTER K N FOLDER: lays out a class folder for `workbook grade --shard K/N`.
#
# Every student on the roster gets a folder (so every runner lists the same class), but
# only the students of share K are cloned: `--shard` deals students round-robin in name
# order, and this deals them the same way, so each runner fetches exactly what it grades.
# Only the plain Swift files of each repository's Exercises/ folder are kept: the grade
# reads nothing else.
set -euo pipefail
roster="$1" shard="$2" shards="$3" folder="$4"
[ -f "$roster" ] || { echo "fetch-share: no roster file $roster" >&2; exit 1; }
mkdir -p "$folder"
index=0
grep -v '^[[:space:]]*\(#\|$\)' "$roster" | LC_ALL=C sort -k1,1 | while read -r name url _; do
    [ -n "${url:-}" ] || { echo "fetch-share: '$name' has no repository URL in $roster" >&2; exit 1; }
    mkdir -p "$folder/$name"
    if [ $((index % shards)) -eq $((shard - 1)) ]; then
        auth_url="$url"
        if [ -n "${TOKEN:-}" ]; then auth_url="${url/https:\/\//https://x-access-token:$TOKEN@}"; fi
        if ! git clone -q --depth 1 "$auth_url" "$folder/$name/repo" 2>/dev/null; then
            echo "::warning::could not clone $name's repository ($url); graded as handed in nothing"
        elif [ -d "$folder/$name/repo/Exercises" ] && [ ! -L "$folder/$name/repo/Exercises" ]; then
            # Only the exercise files, plain ones: a student's Package.swift or editor
            # settings there would run as the instructor's if the folder were opened in an
            # editor, and the grade reads nothing else.
            mkdir -p "$folder/$name/Exercises"
            find "$folder/$name/repo/Exercises" -maxdepth 1 -type f -name '*.swift' ! -name Package.swift \
                -exec mv {} "$folder/$name/Exercises/" \;
        fi
        rm -rf "$folder/$name/repo"
    fi
    index=$((index + 1))
done
