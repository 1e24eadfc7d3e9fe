import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CAND = "cand"
TEMPERATURE = 0.5

LOSSES = {
    "pointwise": lambda s, t: jnp.mean((s - t) ** 2),
    "listwise": lambda s, t: -jnp.sum(jax.nn.softmax(-t) * jax.nn.log_softmax(-s / TEMPERATURE)),
}


def rank_loss(pred, measured, kind="listwise"):
    scores = jax.lax.all_gather(pred, CAND, to="reduced", tiled=True)
    target = jax.lax.all_gather(measured, CAND, to="invarying", tiled=True)
    return LOSSES[kind](scores, target)


def inputs():
    rng = np.random.default_rng(35)
    return (rng.uniform(1, 2, size=(32,)).astype(np.float32),
            rng.uniform(1, 2, size=(32,)).astype(np.float32))


def main(pred, measured):
    mesh = jax.make_mesh((8,), (CAND,))
    pred, measured = (jax.device_put(a, NamedSharding(mesh, P(CAND))) for a in (pred, measured))
    loss = jax.shard_map(lambda p, m: jax.lax.pmean(rank_loss(p, m), CAND), mesh=mesh,
                         in_specs=(P(CAND), P(CAND)), out_specs=P())
    return loss(pred, measured)


if __name__ == "__main__":
    print(main(*inputs()))
