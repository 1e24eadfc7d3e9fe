"""SpecAugment: frequency masks are computed on the gathered spectrogram."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECAUG_CONF = {
    "apply_freq_mask": True,
    "freq_mask_width_range": (0, 4),
    "num_freq_mask": 2,
    "mask_axes": ("batch", "freq"),
}

GATHER = functools.partial(jax.lax.all_gather, tiled=True, to="reduced")


class SpecAug:
    def __init__(self, conf, freq_axis="freq"):
        self.conf = conf
        self.freq_axis = freq_axis

    def full_bins(self, spec):
        return GATHER(spec, self.freq_axis, axis=1)

    def mask(self, spec, width):
        bins = jnp.arange(spec.shape[-1])
        return jnp.where(bins < width, 0.0, 1.0)

    def __call__(self, spec):
        full = self.full_bins(spec)
        pooled = GATHER(full, self.conf["mask_axes"], axis=0)
        width = self.conf["freq_mask_width_range"][1]
        return pooled, self.mask(spec, width)


def inputs():
    rng = np.random.default_rng(11)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(spec):
    mesh = jax.make_mesh((2, 4), ("batch", "freq"))
    spec = jax.device_put(spec, NamedSharding(mesh, P("batch", "freq")))
    aug = SpecAug(SPECAUG_CONF)
    return jax.shard_map(aug, mesh=mesh, in_specs=P("batch", "freq"),
                         out_specs=(P(None, None, reduced={"batch", "freq"}), P()))(spec)


if __name__ == "__main__":
    print(main(*inputs()))
