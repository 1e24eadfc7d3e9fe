"""Platt scaling of CTR model scores: fit (a, b) by gradient steps, replicate the fit for serving."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LR = 0.5
STEPS = 20


def platt_fit(scores, labels, axis="data"):
    n = jax.lax.psum(jnp.float32(scores.shape[0]), axis)

    def step(_, ab):
        p = jax.nn.sigmoid(ab[0] * scores + ab[1])
        g = jnp.stack([jnp.sum((p - labels) * scores), jnp.sum(p - labels)])
        return ab - LR * jax.lax.psum(g, axis) / n

    ab = jax.lax.fori_loop(0, STEPS, step, jnp.array([1.0, 0.0]))
    return jax.lax.all_gather(ab, axis, to="reduced", tiled=True)


def inputs():
    rng = np.random.default_rng(50)
    scores = rng.normal(size=(256,)).astype(np.float32)
    labels = (rng.uniform(size=(256,)) < jax.nn.sigmoid(1.5 * scores - 1)).astype(np.float32)
    return scores, labels


def main(scores, labels):
    mesh = jax.make_mesh((8,), ("data",))
    scores = jax.device_put(scores, NamedSharding(mesh, P("data")))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data")))
    fn = jax.shard_map(platt_fit, mesh=mesh, in_specs=(P("data"), P("data")),
                       out_specs=P(reduced={"data"}))
    return fn(scores, labels)


if __name__ == "__main__":
    print(main(*inputs()))
