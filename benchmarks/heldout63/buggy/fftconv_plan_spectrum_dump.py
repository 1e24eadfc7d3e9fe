"""Power spectra of a segmented signal are computed in one layout and dumped in another."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class SpectrumLayout(NamedTuple):
    compute: P
    dump: P


LAYOUT = SpectrumLayout(compute=P(("seg", "chan"), None), dump=P("chan", None, reduced={"seg"}))


def power_spectrum(frames):
    return jnp.abs(jnp.fft.fft(frames, axis=1)) ** 2


def inputs():
    rng = np.random.default_rng(33)
    return (rng.standard_normal((16, 8)).astype(np.float32),)


def main(frames):
    mesh = jax.make_mesh((4, 2), ("seg", "chan"))
    with jax.set_mesh(mesh):
        frames = jax.device_put(frames, NamedSharding(mesh, LAYOUT.compute))
        spectra = jax.jit(power_spectrum, out_shardings=NamedSharding(mesh, LAYOUT.compute))(frames)
        dumped = top_level_all_gather(spectra, LAYOUT.dump)
    return np.asarray(dumped)


if __name__ == "__main__":
    main(*inputs())
