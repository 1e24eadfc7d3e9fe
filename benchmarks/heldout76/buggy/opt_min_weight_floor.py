"""Long-only optimiser: projected gradient with a book-wide minimum-weight floor."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OPT = {
    "mesh": {"book": 2, "name": 4},
    "steps": 20,
    "lr": 0.05,
    "risk_aversion": 4.0,
    "floor_axis": "name",
}


def project(w, axis):
    w = jnp.maximum(w, 0.0)
    return w / jax.lax.psum(w.sum(axis=1, keepdims=True), axis)


def optimise(mu, sig2):
    ax = OPT["floor_axis"]
    w0 = project(jnp.ones_like(mu), ax)

    def body(_, w):
        grad = mu - OPT["risk_aversion"] * sig2 * w
        return project(w + OPT["lr"] * grad, ax)

    w = jax.lax.fori_loop(0, OPT["steps"], body, w0)
    floor = jax.lax.pmin(w.min(axis=1, keepdims=True), ax)
    floors = jax.lax.all_gather(floor, ax, axis=1, tiled=True, to="reduced")
    return w, floors


def inputs():
    rng = np.random.default_rng(501)
    mu = (0.05 * rng.standard_normal((4, 32))).astype(np.float32)
    sig2 = (0.04 + 0.02 * rng.random((4, 32))).astype(np.float32)
    return mu, sig2


def main(mu, sig2):
    mesh = jax.make_mesh(tuple(OPT["mesh"].values()), tuple(OPT["mesh"]))
    lay = NamedSharding(mesh, P("book", "name"))
    w, floors = jax.shard_map(optimise, mesh=mesh, in_specs=(P("book", "name"), P("book", "name")),
                              out_specs=(P("book", "name"), P("book", None, reduced={"name"})))(
        jax.device_put(mu, lay), jax.device_put(sig2, lay))
    print(w.shape, floors.shape)
    return w


if __name__ == "__main__":
    main(*inputs())
