"""Loading draft-model weights next to the target model: the draft's embedding is regathered."""
import argparse

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("batch", "vocab"))


def parse_args(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--draft-layout", default="batch,vocab")
    ap.add_argument("--serve-axis", default="vocab")
    return ap.parse_args(argv)


def load_draft_embedding(args):
    table = jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8)
    spec = P(tuple(args.draft_layout.split(",")), None)
    return jax.device_put(table, NamedSharding(MESH, spec))


def serve_layout(args):
    return P(args.serve_axis, None, reduced={"batch"})


def inputs():
    return (load_draft_embedding(parse_args([])),)


def main(embedding):
    args = parse_args([])
    with jax.set_mesh(MESH):
        return top_level_all_gather(embedding, serve_layout(args))
