"""Writes twins.toml from run_all.py's output on twins/ (each twin run in its own process by
run_each.sh) and the rules gen_clean.py names.

    ./run_each.sh twins/*.py > /tmp/twins.txt && python3 make_toml.py /tmp/twins.txt
"""
import pathlib
import sys

import gen_clean

base = pathlib.Path(__file__).resolve().parent
rules = {name: entry[4] for name, entry in gen_clean.P.items()}
runs = {}
for line in open(sys.argv[1]):
    parts = line.split(" ", 4)
    if len(parts) >= 5 and parts[1] == "RAISE":
        runs[parts[0][:-3]] = (int(parts[2]), parts[4].strip())
missing = sorted(set(rules) - set(runs))
assert not missing, missing
out = ["# Near-miss twins of clean/ programs: one edit each makes jax 0.10.2 raise (line and error text as run on 8 CPU devices,",
       "# all twins run by run_all.py in ONE process, for time). `rule` is the shardfix rule whose documented form the edit produces.", ""]
for name in sorted(rules):
    line, error = runs[name]
    text = error[:72].replace("\\", "\\\\").replace('"', '\\"')
    out += ["[[twin]]", f'file = "twins/{name}.py"', f"line = {line}", f'rule = "{rules[name]}"', f'error = "{text}"', ""]
(base / "twins.toml").write_text("\n".join(out))
print(len(rules), "twins")
