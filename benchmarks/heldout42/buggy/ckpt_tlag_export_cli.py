"""CLI: export a sharded checkpoint tensor into the serving layout."""
import argparse

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))


def build_parser():
    p = argparse.ArgumentParser(prog="ckpt-export")
    p.add_argument("--train-layout", default="fsdp,-")
    p.add_argument("--serve-layout", default="tp")
    p.add_argument("--dtype", default="float32")
    return p


def layout(spec_text):
    return P(*[None if a == "-" else a for a in spec_text.split(",")])


def load_shard(args):
    w = jnp.arange(16 * 8, dtype=args.dtype).reshape(16, 8)
    return jax.device_put(w, NamedSharding(MESH, layout(args.train_layout)))


def export(tensor, args):
    out = P(*layout(args.serve_layout), None, reduced={"fsdp"})
    with jax.set_mesh(MESH):
        return top_level_all_gather(tensor, out)


def inputs():
    args = build_parser().parse_args([])
    return (load_shard(args), args)


def main(tensor, args):
    return export(tensor, args)


if __name__ == "__main__":
    main(*inputs())
