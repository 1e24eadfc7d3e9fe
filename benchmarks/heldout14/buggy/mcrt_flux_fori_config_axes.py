"""Track-length flux estimator: packets are moved for a fixed number of collisions with a
fori_loop; group fluxes are summed over groups and the mean flux logged per run."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {
    "mesh": {"packets": 4, "groups": 2},
    "collisions": 8,
    "albedo": 0.7,
}


def track_length_flux(sigma_t, config=CONFIG):
    axes = tuple(config["mesh"])

    def collide(i, carry):
        weight, flux = carry
        flux = flux + weight / sigma_t
        return weight * config["albedo"], flux

    _, flux = jax.lax.fori_loop(0, config["collisions"], collide,
                                (jnp.ones_like(sigma_t), jnp.zeros_like(sigma_t)))
    group_total = jax.lax.psum(jnp.sum(flux), "groups")
    return jax.lax.pmean(group_total, axes)


def inputs():
    return (np.linspace(0.2, 3.0, 64, dtype=np.float32).reshape(8, 8),)


def main(sigma_t):
    mesh = jax.make_mesh(tuple(CONFIG["mesh"].values()), tuple(CONFIG["mesh"]))
    sigma_t = jax.device_put(sigma_t, NamedSharding(mesh, P("packets", "groups")))
    f = jax.shard_map(track_length_flux, mesh=mesh, in_specs=P("packets", "groups"), out_specs=P())
    return f(sigma_t)


if __name__ == "__main__":
    print(main(*inputs()))
