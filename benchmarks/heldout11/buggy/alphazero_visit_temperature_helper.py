"""Self-play move selection: visit counts over all simulations turned into a policy target."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def visit_policy(counts, temperature=1.0):
    scaled = counts ** (1.0 / temperature)
    return scaled


def select(local_visits):
    visits = jax.lax.all_gather(local_visits, "sims", axis=1, tiled=True, to="reduced")
    return visit_policy(visits)


def inputs():
    return (np.random.RandomState(8).randint(0, 10, size=(4, 32)).astype(np.float32),)


def main(v):
    mesh = jax.make_mesh((2, 4), ("games", "sims"))
    v = jax.device_put(v, NamedSharding(mesh, P("games", "sims")))
    return jax.shard_map(select, mesh=mesh, in_specs=P("games", "sims"),
                         out_specs=P("games", None, reduced={"sims"}))(v)


if __name__ == "__main__":
    print(main(*inputs()).shape)
