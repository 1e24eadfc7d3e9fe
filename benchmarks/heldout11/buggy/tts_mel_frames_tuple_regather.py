"""A Tacotron-like mel decoder output assembled for the vocoder, one more mesh axis per step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_assemble(mesh):
    axes = tuple(reversed(mesh.axis_names))

    def assemble(frames, w_mel):
        mel = jnp.tanh(frames @ w_mel)
        for i in range(len(axes)):
            mel = jax.lax.all_gather(mel, axes[:i + 1], axis=0, tiled=True, to="reduced")
        return mel

    return assemble


def inputs():
    r = np.random.RandomState(41)
    return r.randn(16, 8).astype(np.float32), r.randn(8, 20).astype(np.float32) * 0.1


def main(frames, w_mel):
    mesh = jax.make_mesh((2, 4), ("spk", "time"))
    frames = jax.device_put(frames, NamedSharding(mesh, P(("spk", "time"), None)))
    w_mel = jax.device_put(w_mel, NamedSharding(mesh, P()))
    f = jax.shard_map(make_assemble(mesh), mesh=mesh, in_specs=(P(("spk", "time"), None), P()),
                      out_specs=P(None, None, reduced={"spk", "time"}))
    return f(frames, w_mel)


if __name__ == "__main__":
    print(main(*inputs()).shape)
