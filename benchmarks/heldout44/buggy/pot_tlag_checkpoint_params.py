"""Checkpoint a sharded potential: every parameter gathered into a host layout before saving."""
import argparse

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-axis", default="data")
    parser.add_argument("--model-axis", default="model")
    parser.add_argument("--hidden", type=int, default=16)
    return parser.parse_args(argv)


def param_layouts(args):
    return {
        "embed": {"w": P(args.model_axis, None)},
        "readout": {"w": P(None, args.model_axis), "b": P(args.model_axis)},
    }


def save_layouts(args):
    return {
        "embed": {"w": P(None, None, reduced={args.model_axis})},
        "readout": {"w": P(None, None, reduced={args.data_axis}), "b": P(None, reduced={args.model_axis})},
    }


def init_params(rng, hidden):
    return {"embed": {"w": rng.normal(size=(hidden, 8)).astype(np.float32)},
            "readout": {"w": rng.normal(size=(8, hidden)).astype(np.float32),
                        "b": np.zeros((hidden,), np.float32)}}


def checkpoint(params, args):
    saved = {}
    for module, leaves in params.items():
        saved[module] = {}
        for name, value in leaves.items():
            saved[module][name] = top_level_all_gather(value, save_layouts(args)[module][name])
    return saved


def inputs():
    return (init_params(np.random.default_rng(39), parse_args([]).hidden),)


def main(params):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), (args.data_axis, args.model_axis))
    layouts = param_layouts(args)
    placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, layouts,
                          is_leaf=lambda x: isinstance(x, P))
    with jax.set_mesh(mesh):
        return checkpoint(placed, args)


if __name__ == "__main__":
    main(*inputs())
