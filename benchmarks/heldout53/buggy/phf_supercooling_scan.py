"""Solidification with latent heat: mean supercooling recorded at every step of a lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ThermalParams:
    dt: float = 1.0e-3
    latent_heat: float = 1.5
    t_melt: float = 1.0
    n_steps: int = 8
    axes: tuple = ("rows", "cols")


def make_stepper(params):
    def body(phi, t_row):
        def advance(state, _):
            phi, temp = state
            dphi = phi * (1.0 - phi) * (params.t_melt - temp[:, None])
            phi = phi + params.dt * dphi
            release = jax.lax.pmean(dphi.mean(axis=1), params.axes[1])
            temp = temp + params.dt * params.latent_heat * release
            undercool = jnp.mean(params.t_melt - temp)
            return (phi, temp), jax.lax.pmean(undercool, params.axes)

        (phi, _), history = jax.lax.scan(advance, (phi, t_row), None, length=params.n_steps)
        return phi, history
    return body


def inputs():
    rng = np.random.default_rng(64)
    phi = rng.uniform(0.0, 1.0, (8, 16)).astype(np.float32)
    t_row = rng.uniform(0.8, 1.0, (8,)).astype(np.float32)
    return phi, t_row


def main(phi, t_row):
    params = ThermalParams()
    mesh = jax.make_mesh((2, 4), params.axes)
    phi = jax.device_put(phi, NamedSharding(mesh, P("rows", "cols")))
    t_row = jax.device_put(t_row, NamedSharding(mesh, P("rows")))
    return jax.shard_map(make_stepper(params), mesh=mesh, in_specs=(P("rows", "cols"), P("rows")),
                         out_specs=(P("rows", "cols"), P()))(phi, t_row)


if __name__ == "__main__":
    main(*inputs())
