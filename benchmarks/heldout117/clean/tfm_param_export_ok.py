"""Decoder LM: export tensor-parallel MLP weights to a single-host checkpoint.

Training and export layouts are both chosen by (regex, layout) rules; an export
layout lists replicated axes after "~".
"""
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "2x4:data,model"
TRAIN_RULES = [(r"mlp/wi", "-,model"), (r"mlp/wo", "model,-"), (r".*", "-,-")]
EXPORT_RULES = [(r"mlp/wi", "-,-~model"), (r"mlp/wo", "-,-~model"), (r".*", "-,-")]


def parse_mesh(text):
    shape, names = text.split(":")
    return jax.make_mesh(tuple(map(int, shape.split("x"))), tuple(names.split(",")))


def parse(text):
    dims, _, rep = text.partition("~")
    spec = [None if d == "-" else d for d in dims.split(",")]
    return P(*spec, reduced=set(rep.split(","))) if rep else P(*spec)


def match(rules, path):
    for pat, text in rules:
        if re.search(pat, path):
            return parse(text)


def inputs():
    rng = np.random.default_rng(43)
    return {"mlp/wi": rng.normal(size=(16, 32)).astype(np.float32),
            "mlp/wo": rng.normal(size=(32, 16)).astype(np.float32)},


def main(params):
    mesh = parse_mesh(MESH)
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(v, NamedSharding(mesh, match(TRAIN_RULES, k))) for k, v in params.items()}
        exported = {}
        for path, w in placed.items():
            exported[path] = top_level_all_gather(w, match(EXPORT_RULES, path))
        print({k: jax.typeof(v) for k, v in exported.items()})
    return exported


if __name__ == "__main__":
    main(*inputs())
