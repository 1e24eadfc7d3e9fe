"""Multi-resolution STFT loss for an audio diffusion decoder; each resolution's loss is reduced by a registry op."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCTIONS = {"mean": jax.lax.pmean, "sum": jax.lax.psum}
RESOLUTIONS = [
    {"frame": 4, "reduce": "mean", "axes": ("batch",)},
    {"frame": 8, "reduce": "mean", "axes": ("batch", "time")},
]


def frame_mag(x, frame):
    frames = x.reshape(x.shape[0], -1, frame)
    return jnp.abs(jnp.fft.rfft(frames, axis=-1))


def spectral_convergence(pred, target, frame):
    diff = jnp.sum((frame_mag(pred, frame) - frame_mag(target, frame)) ** 2, axis=(1, 2))
    return jax.lax.psum(diff, "time")


def stft_loss(pred, target):
    total = 0.0
    for res in RESOLUTIONS:
        sc = spectral_convergence(pred, target, res["frame"])
        total = total + REDUCTIONS[res["reduce"]](sc.mean(), res["axes"])
    return total


def inputs():
    rng = np.random.default_rng(30)
    return rng.standard_normal((8, 32), dtype=np.float32), rng.standard_normal((8, 32), dtype=np.float32)


def main(pred, target):
    mesh = jax.make_mesh((4, 2), ("batch", "time"))
    spec = P("batch", "time")
    pred, target = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (pred, target))
    loss = jax.shard_map(stft_loss, mesh=mesh, in_specs=(spec, spec), out_specs=P())(pred, target)
    print(loss)
    return loss


if __name__ == "__main__":
    main(*inputs())
