"""A spec table built from parsed CLI axis names; each entry exported with its own spec."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    parser = argparse.ArgumentParser()
    parser.add_argument("--fsdp", default="fsdp")
    parser.add_argument("--tp", default="tp")
    args, _ = parser.parse_known_args()
    mesh = jax.make_mesh((2, 4), (args.fsdp, args.tp))
    tables = {
        "kernel": (P(args.fsdp, args.tp), P(args.fsdp, reduced={args.tp})),
        "embed": (P(args.tp, args.fsdp), P(None, args.fsdp, reduced={args.tp})),
    }
    out = {}
    with jax.set_mesh(mesh):
        for name, (stored, exported) in tables.items():
            out[name] = top_level_all_gather(jax.device_put(x, NamedSharding(mesh, stored)), exported)
    return out


if __name__ == "__main__":
    print(main(*inputs()))
