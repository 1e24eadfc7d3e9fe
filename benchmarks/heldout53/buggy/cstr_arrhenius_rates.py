"""Non-isothermal CSTRs: Arrhenius rate constants from the temperature field of every reactor."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GAS_CONSTANT = 8.314


@dataclasses.dataclass(frozen=True)
class Kinetics:
    k0: float = 1.0e6
    activation_energy: float = 6.0e4
    reactor_axis: str = "reactor"


def rate_constants(temps, kin):
    t_all = jax.lax.all_gather(temps, kin.reactor_axis, axis=0, tiled=True, to="reduced")
    return kin.k0 * jnp.exp(-kin.activation_energy / (GAS_CONSTANT * t_all))


def inputs():
    rng = np.random.default_rng(45)
    return (rng.uniform(320.0, 380.0, (8, 16)).astype(np.float32),)


def main(temps):
    kin = Kinetics()
    mesh = jax.make_mesh((2, 4), ("reactor", "species"))
    temps = jax.device_put(temps, NamedSharding(mesh, P("reactor", "species")))
    body = lambda t: rate_constants(t, kin)
    return jax.shard_map(body, mesh=mesh, in_specs=P("reactor", "species"),
                         out_specs=P(None, "species"))(temps)


if __name__ == "__main__":
    main(*inputs())
