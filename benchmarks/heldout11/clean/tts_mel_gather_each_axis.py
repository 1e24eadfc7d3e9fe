"""Mel assembly for the vocoder: a reduced gather over time, then another over speakers only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def assemble(frames, w_mel):
    mel = jnp.tanh(frames @ w_mel)
    mel = jax.lax.all_gather(mel, "time", axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(mel, "spk", axis=0, tiled=True, to="reduced")


def inputs():
    r = np.random.RandomState(41)
    return r.randn(16, 8).astype(np.float32), r.randn(8, 20).astype(np.float32) * 0.1


def main(frames, w_mel):
    mesh = jax.make_mesh((2, 4), ("spk", "time"))
    frames = jax.device_put(frames, NamedSharding(mesh, P(("spk", "time"), None)))
    w_mel = jax.device_put(w_mel, NamedSharding(mesh, P()))
    return jax.shard_map(assemble, mesh=mesh, in_specs=(P(("spk", "time"), None), P()),
                         out_specs=P(None, None, reduced={"spk", "time"}))(frames, w_mel)


if __name__ == "__main__":
    print(main(*inputs()).shape)
