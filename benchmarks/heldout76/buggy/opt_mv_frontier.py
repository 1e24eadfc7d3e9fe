"""Mean-variance efficient frontier over a grid of risk aversions."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FRONTIER = {"lambdas": [1.0, 2.0, 4.0, 8.0], "mesh_shape": (2, 4), "mesh_axes": ("book", "name")}


def make_frontier_fn(mesh):
    book, name = mesh.axis_names

    def collect(x, axes, dim):
        return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")

    def frontier(mu, sig2):
        lam = jnp.asarray(FRONTIER["lambdas"], jnp.float32)[:, None, None]
        w = mu[None] / (lam * sig2[None])
        per_book = collect(w, name, 2)
        table = collect(per_book, mesh.axis_names, 1)
        return per_book, table

    return frontier


def inputs():
    rng = np.random.default_rng(502)
    return ((0.05 * rng.standard_normal((4, 32))).astype(np.float32),
            (0.04 + 0.02 * rng.random((4, 32))).astype(np.float32))


def main(mu, sig2):
    mesh = jax.make_mesh(FRONTIER["mesh_shape"], FRONTIER["mesh_axes"])
    lay = NamedSharding(mesh, P("book", "name"))
    per_book, table = jax.shard_map(
        make_frontier_fn(mesh), mesh=mesh, in_specs=(P("book", "name"), P("book", "name")),
        out_specs=(P(None, "book", None, reduced={"name"}), P(None, None, None, reduced={"book", "name"})),
    )(jax.device_put(mu, lay), jax.device_put(sig2, lay))
    print(per_book.shape, table.shape)
    return table


if __name__ == "__main__":
    main(*inputs())
