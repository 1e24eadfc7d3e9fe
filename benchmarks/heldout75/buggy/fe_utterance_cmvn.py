"""Utterance-level CMVN after a mel-bin normalisation, as in the streaming frontend."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NORMALIZE_CONF = {"norm_means": True, "norm_vars": False, "stats_axes": ["batch", "freq"]}


class UtteranceMVN:
    def __init__(self, mesh, norm_means=True, norm_vars=False, stats_axes=()):
        self.batch_axis, self.freq_axis = mesh.axis_names
        self.norm_means = norm_means
        self.stats_axes = tuple(stats_axes)

    def bin_total(self, feats):
        return jax.lax.psum(feats.sum(axis=-1, keepdims=True), self.freq_axis)

    def __call__(self, feats):
        total = self.bin_total(feats)
        mean = jax.lax.pmean(total.mean(axis=0, keepdims=True), self.stats_axes)
        if self.norm_means:
            feats = feats - mean / feats.shape[-1]
        return feats


def inputs():
    rng = np.random.default_rng(14)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(feats):
    mesh = jax.make_mesh((2, 4), ("batch", "freq"))
    feats = jax.device_put(feats, NamedSharding(mesh, P("batch", "freq")))
    mvn = UtteranceMVN(mesh, **NORMALIZE_CONF)
    return jax.shard_map(mvn, mesh=mesh, in_specs=P("batch", "freq"), out_specs=P("batch", "freq"))(feats)


if __name__ == "__main__":
    print(main(*inputs()))
