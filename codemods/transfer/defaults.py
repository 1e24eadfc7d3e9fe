"""Derive which parameters of the tables' operations default to None:
`python -m codemods.transfer.defaults --out codemods/transfer/data/none-defaults-X.Y.Z.json.gz`.

Run by hand once per JAX version, beside the transfer table (it imports JAX). Python binds an
argument equal to its parameter's default as it binds the call without it, so `jnp.clip(x, 0.0,
None)` is the call `jnp.clip(x, 0.0)` the table observed; only None is recorded (a default of
another value may be a sentinel the function tests by identity).
"""
from __future__ import annotations

import argparse
import gzip
import inspect
import json
import sys


def none_defaults() -> dict[str, list[str]]:
    from codemods.transfer.generate import catalogue

    found = {}
    for name, (call, _, _) in sorted(catalogue().items()):
        try:
            parameters = inspect.signature(call).parameters.values()
        except (TypeError, ValueError):
            continue
        names = [parameter.name for parameter in parameters
                 if parameter.default is None and parameter.kind is not parameter.VAR_KEYWORD]
        if names:
            found[name] = names
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    options = parser.parse_args(argv)
    import jax

    data = {"jax_version": jax.__version__, "none_defaults": none_defaults()}
    with open(options.out, "wb") as handle:
        handle.write(gzip.compress(json.dumps(data, indent=0, sort_keys=True).encode("utf-8"), 9, mtime=0))
    print(f"jax {jax.__version__}: {len(data['none_defaults'])} operations -> {options.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
