"""MVDR beamformer: spatial covariance snapshots pooled across the array for the weight solve."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MVDR_CONFIG = {
    "diag_load": 1e-3,
    "mesh": {"shape": (2, 4), "axes": ("freq", "mic")},
    "mic_axis": "mic",
    "pool_axes": ("freq", "mic"),
}


def _gather_mics(x, cfg):
    return jax.lax.all_gather(x, cfg["mic_axis"], axis=1, tiled=True, to="reduced")


def covariance_snapshots(stft, cfg=MVDR_CONFIG):
    snapshot = _gather_mics(stft * stft, cfg)
    snapshot = jax.lax.pcast(snapshot, cfg["mic_axis"], to="varying")
    return jax.lax.all_gather(snapshot, cfg["pool_axes"], tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(1)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(stft, cfg=MVDR_CONFIG):
    mesh = jax.make_mesh(cfg["mesh"]["shape"], cfg["mesh"]["axes"])
    stft = jax.device_put(stft, NamedSharding(mesh, P(*cfg["mesh"]["axes"])))
    pooled = jax.shard_map(
        covariance_snapshots, mesh=mesh,
        in_specs=P(*cfg["mesh"]["axes"]),
        out_specs=P(None, None, reduced=set(cfg["pool_axes"])),
    )(stft)
    return pooled + cfg["diag_load"]


if __name__ == "__main__":
    print(main(*inputs()).shape)
