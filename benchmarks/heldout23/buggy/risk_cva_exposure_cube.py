import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class XvaConfig:
    path_axis: str = "path"
    cpty_axis: str = "cpty"
    recovery: float = 0.4
    mesh_shape: tuple = (4, 2)


class XvaEngine:
    """Counterparty exposure on simulated paths: paths x counterparties on the mesh."""

    def __init__(self, config: XvaConfig = XvaConfig()):
        self.cfg = config
        self.mesh = jax.make_mesh(config.mesh_shape, (config.path_axis, config.cpty_axis))
        self.mtm_spec = P(config.path_axis, None, config.cpty_axis)

    def _epe(self, mtm):
        exposure = jnp.maximum(mtm, 0.0)
        return jax.lax.all_gather(exposure.mean(axis=0), self.cfg.path_axis, to="reduced")

    def exposure_cube(self, mtm):
        epe = self._epe(mtm)
        return jax.lax.all_gather(epe, (self.cfg.path_axis, self.cfg.cpty_axis), to="reduced")

    def cva(self, mtm, default_prob):
        epe = jax.lax.pmean(jnp.maximum(mtm, 0.0).mean(axis=0), self.cfg.path_axis)
        return (1.0 - self.cfg.recovery) * jnp.sum(epe * default_prob[:, None], axis=0)

    def run(self, mtm, default_prob):
        def body(mtm, pd):
            return self.cva(mtm, pd), self.exposure_cube(mtm)

        axes = {self.cfg.path_axis, self.cfg.cpty_axis}
        return jax.shard_map(body, mesh=self.mesh,
                             in_specs=(self.mtm_spec, P()),
                             out_specs=(P(self.cfg.cpty_axis), P(reduced=axes)))(mtm, default_prob)


def inputs():
    rng = np.random.default_rng(11)
    mtm = rng.normal(size=(32, 6, 4)).astype(np.float32)
    pd = np.linspace(0.001, 0.02, 6, dtype=np.float32)
    return mtm, pd


def main(mtm, pd):
    engine = XvaEngine()
    mtm = jax.device_put(mtm, NamedSharding(engine.mesh, engine.mtm_spec))
    pd = jax.device_put(pd, NamedSharding(engine.mesh, P()))
    return engine.run(mtm, pd)


if __name__ == "__main__":
    cva, cube = main(*inputs())
    print("CVA per counterparty", cva)
