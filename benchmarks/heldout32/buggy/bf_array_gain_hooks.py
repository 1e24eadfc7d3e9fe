"""Beamformer diagnostics: metric hooks run inside the sharded step (array gain, mic energy)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def mic_energy(stft, axes):
    freq_axis, mic_axis = axes
    return jax.lax.psum(jnp.mean(stft * stft), axes)


def array_gain(stft, axes):
    freq_axis, mic_axis = axes
    coherent = jax.lax.psum(stft, mic_axis)
    gain = jnp.sum(coherent * coherent)
    return jax.lax.psum(gain, axes)


METRIC_HOOKS = [mic_energy, array_gain]


def make_step(mesh):
    axes = mesh.axis_names

    def step(stft):
        return {hook.__name__: hook(stft, axes) for hook in METRIC_HOOKS}

    return step


def inputs():
    rng = np.random.default_rng(3)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(stft):
    mesh = jax.make_mesh((2, 4), ("freq", "mic"))
    stft = jax.device_put(stft, NamedSharding(mesh, P("freq", "mic")))
    out = {hook.__name__: P() for hook in METRIC_HOOKS}
    return jax.shard_map(make_step(mesh), mesh=mesh, in_specs=P("freq", "mic"), out_specs=out)(stft)


if __name__ == "__main__":
    print(main(*inputs()))
