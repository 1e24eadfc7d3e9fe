"""Dump forced alignments (frame -> token) for a TextGrid writer, laid out per pipeline stage."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Stage(enum.Enum):
    ALIGN = "align"
    WRITE = "write"


ALIGN_LAYOUTS = {
    Stage.ALIGN: P(("pipe", "utt", "time"), None),
    Stage.WRITE: P("time", None),
}


def viterbi_like(log_probs):
    return jnp.argmax(log_probs, axis=-1).astype(jnp.int32)


def inputs():
    rng = np.random.default_rng(25)
    return (rng.normal(size=(16, 40, 6)).astype(np.float32),)


def main(log_probs):
    mesh = jax.make_mesh((2, 2, 2), ("pipe", "utt", "time"))
    align = jax.jit(viterbi_like, out_shardings=NamedSharding(mesh, ALIGN_LAYOUTS[Stage.ALIGN]))
    with jax.set_mesh(mesh):
        path = align(log_probs)
        return top_level_all_gather(path, ALIGN_LAYOUTS[Stage.WRITE])


if __name__ == "__main__":
    print(main(*inputs()))
