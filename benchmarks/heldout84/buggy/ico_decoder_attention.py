"""Mesh-to-grid decoder: every grid point attends over all mesh nodes of the icosahedral mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ACTIVATIONS = {
    "softmax": lambda x: jax.nn.softmax(x, axis=-1),
    "sparsemax_approx": lambda x: jax.nn.relu(x) / (jnp.sum(jax.nn.relu(x), -1, keepdims=True) + 1e-6),
}


def make_decoder(node_axis, normaliser="softmax"):
    normalise = ACTIVATIONS[normaliser]

    def all_nodes(x):
        return jax.lax.all_gather(x, node_axis, axis=0, tiled=True, to="reduced")

    def decode(grid_queries, mesh_values, node_prior):
        values = all_nodes(mesh_values)
        prior = normalise(all_nodes(node_prior))
        scores = jnp.einsum("gc,nc->gn", grid_queries, values)
        return jax.nn.softmax(scores, axis=-1) @ (values * prior[:, None])
    return decode


def inputs():
    rng = np.random.default_rng(15)
    return (rng.normal(size=(32, 8)).astype(np.float32),
            rng.normal(size=(12, 8)).astype(np.float32),
            rng.normal(size=(12,)).astype(np.float32))


def main(grid_queries, mesh_values, node_prior):
    mesh = jax.make_mesh((4, 2), ("nodes", "channels"))
    spec = P("nodes", None)
    specs = (spec, spec, P("nodes"))
    args = [jax.device_put(a, NamedSharding(mesh, s))
            for a, s in zip((grid_queries, mesh_values, node_prior), specs)]
    decode = jax.shard_map(make_decoder("nodes"), mesh=mesh, in_specs=specs,
                           out_specs=P("nodes", None))
    return jax.jit(decode)(*args)


if __name__ == "__main__":
    print(main(*inputs()).shape)
