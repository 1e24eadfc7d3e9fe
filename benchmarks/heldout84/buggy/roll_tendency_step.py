"""One-step-ahead model applied autoregressively: the tendency is computed on the full field."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class StepConfig:
    dt_hours: float = 6.0
    base_hours: float = 6.0
    space_axis: str = "space"

    @property
    def dt(self):
        return self.dt_hours / self.base_hours


def full_field(x, axis_name):
    return jax.lax.all_gather(x, axis_name, axis=1, tiled=True, to="reduced")


class Stepper:
    def __init__(self, config):
        self.config = config

    def tendency(self, state):
        return jnp.tanh(full_field(state, self.config.space_axis))

    def __call__(self, state, num_steps):
        trajectory = []
        for _ in range(num_steps):
            increment = self.tendency(state)
            trajectory.append(increment * self.config.dt)
        return jnp.stack(trajectory)


def inputs():
    rng = np.random.default_rng(45)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(state):
    mesh = jax.make_mesh((2, 4), ("ens", "space"))
    spec = P("ens", "space")
    state = jax.device_put(state, NamedSharding(mesh, spec))
    stepper = Stepper(StepConfig())
    fn = jax.shard_map(lambda s: stepper(s, 2), mesh=mesh, in_specs=spec, out_specs=P(None, "ens", None))
    return jax.jit(fn)(state)


if __name__ == "__main__":
    print(main(*inputs()).shape)
