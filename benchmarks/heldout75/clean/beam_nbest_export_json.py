"""Decoding entry point: n-best scores are written in the format the scoring scripts read."""
import argparse

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

NBEST_LAYOUTS = {
    "json": P(None, None, reduced={"beam", "vocab"}),
    "text": P("vocab", None, reduced={"beam"}),
}


def get_parser():
    parser = argparse.ArgumentParser(description="Decode with beam search")
    parser.add_argument("--nbest", type=int, default=2)
    parser.add_argument("--output_format", choices=sorted(NBEST_LAYOUTS), default="json")
    return parser


def nbest_scores(logits):
    return jax.nn.log_softmax(logits, axis=-1)


def write_nbest(scores, args):
    return top_level_all_gather(scores, NBEST_LAYOUTS[args.output_format])


def inputs():
    rng = np.random.default_rng(53)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(logits, argv=()):
    args = get_parser().parse_args(list(argv))
    mesh = jax.make_mesh((2, 4), ("beam", "vocab"))
    with jax.set_mesh(mesh):
        logits = jax.device_put(logits, NamedSharding(mesh, P(("beam", "vocab"), None)))
        scores = jax.jit(nbest_scores)(logits)
        return write_nbest(scores, args)


if __name__ == "__main__":
    print(main(*inputs()))
