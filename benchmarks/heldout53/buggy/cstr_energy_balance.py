"""Adiabatic reactor bank: plant-wide energy balance residual."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CP = 4.18
MESH = jax.make_mesh((2, 4), ("reactor", "species"))


def energy_residual(flow, t_in, t_out, q_rxn):
    sensible = (CP * flow * (t_out - t_in)).sum()
    generated = q_rxn.sum()
    residual = sensible - generated
    return jax.lax.psum(residual, MESH.axis_names)


def inputs():
    rng = np.random.default_rng(44)
    flow = rng.uniform(1.0, 2.0, (8,)).astype(np.float32)
    t_in = rng.uniform(300.0, 310.0, (8,)).astype(np.float32)
    t_out = rng.uniform(320.0, 340.0, (8,)).astype(np.float32)
    q_rxn = rng.uniform(50.0, 100.0, (8,)).astype(np.float32)
    return flow, t_in, t_out, q_rxn


def main(flow, t_in, t_out, q_rxn):
    sharding = NamedSharding(MESH, P("reactor"))
    args = [jax.device_put(a, sharding) for a in (flow, t_in, t_out, q_rxn)]
    return jax.shard_map(energy_residual, mesh=MESH, in_specs=(P("reactor"),) * 4,
                         out_specs=P())(*args)


if __name__ == "__main__":
    main(*inputs())
