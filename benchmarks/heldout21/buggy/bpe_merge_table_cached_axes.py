"""Merge-table snapshot for the tokenizer's vocab.json writer."""
import configparser
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[mesh]
corpus_axis = docs
bucket_axis = buckets
"""


class TrainerMesh:
    def __init__(self, ini=INI):
        self.parser = configparser.ConfigParser()
        self.parser.read_string(ini)

    @functools.cached_property
    def corpus(self):
        return self.parser["mesh"]["corpus_axis"]

    @functools.cached_property
    def buckets(self):
        return self.parser["mesh"]["bucket_axis"]

    @functools.cached_property
    def axes(self):
        return (self.corpus, self.buckets)


TM = TrainerMesh()


def snapshot(freq):
    shard_table = jax.lax.all_gather(freq, TM.corpus, axis=0, tiled=True, to="reduced")
    table = jax.lax.all_gather(shard_table, TM.axes, axis=1, tiled=True, to="reduced")
    return table


def inputs():
    rng = np.random.default_rng(53)
    return (rng.integers(0, 100, size=(8, 16)).astype(np.float32),)


def main(freq):
    mesh = jax.make_mesh((2, 4), TM.axes)
    freq = jax.device_put(freq, NamedSharding(mesh, P(*TM.axes)))
    fn = jax.shard_map(snapshot, mesh=mesh, in_specs=P(*TM.axes),
                       out_specs=P(None, None, reduced=set(TM.axes)))
    return fn(freq)


if __name__ == "__main__":
    print(main(*inputs()))
