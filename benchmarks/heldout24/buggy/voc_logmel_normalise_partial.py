"""Log-mel features for a vocoder's conditioning network, normalised with corpus statistics."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MEL_MEAN = -4.0
MEL_STD = 2.5


def _mel_body(frames, basis, *, frame_axis):
    power = jnp.abs(jnp.fft.rfft(frames, axis=-1)) ** 2
    mel = jnp.log(power @ basis + 1e-5)
    mel = jax.lax.all_gather(mel, frame_axis, axis=1, tiled=True, to="reduced")
    mel = (mel - MEL_MEAN) / MEL_STD
    return jnp.max(mel, axis=1)


def build(mesh, frame_axis="time"):
    body = functools.partial(_mel_body, frame_axis=frame_axis)
    return jax.shard_map(body, mesh=mesh, in_specs=(P("batch", frame_axis, None), P()),
                         out_specs=P("batch", None))


def inputs():
    rng = np.random.default_rng(4)
    return (rng.standard_normal((4, 16, 16)).astype(np.float32),
            np.abs(rng.standard_normal((9, 5))).astype(np.float32))


def main(frames, basis):
    mesh = jax.make_mesh((2, 4), ("batch", "time"))
    frames = jax.device_put(frames, NamedSharding(mesh, P("batch", "time", None)))
    basis = jax.device_put(basis, NamedSharding(mesh, P()))
    return build(mesh)(frames, basis)


if __name__ == "__main__":
    print(main(*inputs()))
