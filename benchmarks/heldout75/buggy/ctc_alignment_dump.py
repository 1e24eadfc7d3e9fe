"""Forced alignment: CTC posteriors are written out for the segmentation tool."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

WRITERS = {
    "ctm": {"layout": "-,vocab", "reduced": ["batch"]},
    "token_posteriors": {"layout": "-,vocab", "reduced": []},
}


def spec_from(layout, reduced=()):
    entries = [None if a == "-" else a for a in layout.split(",")]
    return P(*entries, reduced=set(reduced))


class AlignmentWriter:
    def __init__(self, layout, reduced):
        self.spec = spec_from(layout, reduced)

    def write(self, posteriors):
        return top_level_all_gather(posteriors, self.spec)


def inputs():
    rng = np.random.default_rng(33)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    writers = {name: AlignmentWriter(**conf) for name, conf in WRITERS.items()}
    with jax.set_mesh(mesh):
        logits = jax.device_put(logits, NamedSharding(mesh, P("batch", "vocab")))
        posteriors = jax.nn.log_softmax(logits, axis=-1)
        return {name: writer.write(posteriors) for name, writer in writers.items()}


if __name__ == "__main__":
    print(main(*inputs()))
