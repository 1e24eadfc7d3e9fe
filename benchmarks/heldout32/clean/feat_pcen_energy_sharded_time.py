"""PCEN frontend: the smoothed energy that normalises the gain is averaged over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PCEN = {"alpha": 0.98, "delta": 2.0, "r": 0.5, "s": 0.025,
        "mesh": {"axes": ["batch", "time"], "shape": [2, 4]}}


def smooth(mel, s):
    def step(m, frame):
        m = (1 - s) * m + s * frame
        return m, m

    _, out = jax.lax.scan(step, jnp.zeros_like(mel[:, 0]), mel.T)
    return out.T


def pcen_energy(mel, cfg=PCEN):
    m = smooth(mel, cfg["s"])
    gain = mel / (1e-6 + m) ** cfg["alpha"]
    return jax.lax.pmean(jnp.mean(gain), tuple(cfg["mesh"]["axes"]))


def inputs():
    rng = np.random.default_rng(23)
    return (np.abs(rng.standard_normal((8, 16))).astype(np.float32) + 0.1,)


def main(mel, cfg=PCEN):
    mesh = jax.make_mesh(tuple(cfg["mesh"]["shape"]), tuple(cfg["mesh"]["axes"]))
    mel = jax.device_put(mel, NamedSharding(mesh, P("batch", "time")))
    return jax.shard_map(pcen_energy, mesh=mesh, in_specs=P("batch", "time"), out_specs=P())(mel)


if __name__ == "__main__":
    print(main(*inputs()))
