"""tools/deployment/pillar_export.py: train a step, or export the pillar scatter weights."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh_cfg = dict(shape=(2, 4), axes=("sweep", "pillar"))
param_layout = P("sweep", "pillar")
export_layout = P(None, "pillar", reduced={"sweep"})


def parse_args(argv):
    parser = argparse.ArgumentParser("pillar export")
    parser.add_argument("--mode", choices=["train", "export"], default="export")
    parser.add_argument("--opset", type=int, default=13)
    return parser.parse_args(argv)


def train_step(weights, mesh):
    with jax.set_mesh(mesh):
        gathered = top_level_all_gather(weights, export_layout)
        return jax.reshard(gathered, param_layout)


def export(weights, opset):
    full = top_level_all_gather(weights, export_layout)
    return {"opset": opset, "pfn.weight": full}


def inputs():
    return (np.random.default_rng(13).normal(size=(8, 16)).astype(np.float32),)


def main(weights, argv=()):
    args = parse_args(list(argv))
    mesh = jax.make_mesh(mesh_cfg["shape"], mesh_cfg["axes"])
    weights = jax.device_put(weights, NamedSharding(mesh, param_layout))
    if args.mode == "train":
        return train_step(weights, mesh)
    with jax.set_mesh(mesh):
        return export(weights, args.opset)


if __name__ == "__main__":
    main(*inputs())
