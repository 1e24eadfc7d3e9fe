"""Track seeding: hit triplets need the hits of every layer of every event shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SEEDING = {"max_dz": 5.0, "layers_per_seed": 3}


def seed_body_factory(mesh):
    events, layer = mesh.axis_names

    def body(hits_z):
        barrel = jax.lax.all_gather(hits_z, layer, axis=1, tiled=True, to="reduced")
        detector = jax.lax.all_gather(barrel, (events, layer), axis=0, tiled=True, to="reduced")
        return detector
    return body


def inputs():
    rng = np.random.default_rng(21)
    return (rng.uniform(-50.0, 50.0, (32, 16)).astype(np.float32),)


def main(hits_z):
    mesh = jax.make_mesh((2, 4), ("events", "layer"))
    spec = P(*mesh.axis_names)
    hits_z = jax.device_put(hits_z, NamedSharding(mesh, spec))
    f = jax.shard_map(seed_body_factory(mesh), mesh=mesh, in_specs=spec,
                      out_specs=P(None, None, reduced={"events", "layer"}))
    return f(hits_z)


if __name__ == "__main__":
    main(*inputs())
