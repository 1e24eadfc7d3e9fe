"""Scale the sleeve books to the firm leverage limit."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class LeverageConfig:
    limit: float = 3.0
    name_axis: str = "name"
    firm_axes: tuple = field(default=("book",))


class LeverageScaler:
    def __init__(self, cfg):
        self.cfg = cfg

    def sleeve_gross(self, w):
        return jax.lax.psum(jnp.abs(w).sum(axis=1), self.cfg.name_axis)

    def __call__(self, w):
        gross = self.sleeve_gross(w)
        firm = jax.lax.psum(gross.sum(), axis_name=self.cfg.firm_axes)
        scale = jnp.minimum(1.0, self.cfg.limit / firm)
        return w * scale


def inputs():
    rng = np.random.default_rng(505)
    return ((0.2 * rng.standard_normal((4, 32))).astype(np.float32),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("book", "name"))
    w = jax.device_put(w, NamedSharding(mesh, P("book", "name")))
    scaled = jax.shard_map(LeverageScaler(LeverageConfig()), mesh=mesh,
                           in_specs=P("book", "name"), out_specs=P("book", "name"))(w)
    print("scaled", scaled.shape)
    return scaled


if __name__ == "__main__":
    main(*inputs())
