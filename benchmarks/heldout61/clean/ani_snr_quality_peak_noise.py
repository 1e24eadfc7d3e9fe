"""Signal-to-noise ratio of stacked correlations (peak noise amplitude), used to keep pairs."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class QualityConfig:
    axes: tuple = ("pair", "lag")
    signal_window: int = 12
    noise_window: int = 16
    min_snr: float = 5.0


class QualityControl:
    def __init__(self, cfg: QualityConfig):
        self.cfg = cfg

    def snr(self, ccf):
        _, lag_axis = self.cfg.axes
        full = jax.lax.all_gather(ccf, lag_axis, axis=1, tiled=True, to="reduced")
        signal = jnp.abs(full[:, : self.cfg.signal_window]).sum(axis=1)
        noise = jnp.max(jnp.abs(full[:, -self.cfg.noise_window:]), axis=1)
        return jnp.max(signal) / (noise + 1e-6)

    def keep(self, ccf):
        return self.snr(ccf) > self.cfg.min_snr


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(8, 64)).astype(np.float32),)


def main(ccf):
    qc = QualityControl(QualityConfig())
    pair, lag = qc.cfg.axes
    mesh = jax.make_mesh((4, 2), qc.cfg.axes)
    ccf = jax.device_put(ccf, NamedSharding(mesh, P(pair, lag)))
    fn = jax.shard_map(qc.keep, mesh=mesh, in_specs=P(pair, lag), out_specs=P(pair))
    return fn(ccf)


if __name__ == "__main__":
    main(*inputs())
