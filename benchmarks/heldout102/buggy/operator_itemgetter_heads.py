"""Outputs of a multi-head model picked with operator.itemgetter; the picked logits are centred."""
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

pick_logits = operator.itemgetter("logits", "aux")


def model(h):
    return {"logits": jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced"),
            "aux": jax.lax.psum(jnp.sum(h, axis=1), "model")}


def body(h):
    logits, aux = pick_logits(model(h))
    return logits - jax.scipy.special.logsumexp(logits, axis=-1, keepdims=True), aux


def inputs():
    return (np.random.default_rng(33).normal(size=(16, 8)).astype(np.float32),)


def main(h):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                       out_specs=(P("data", None, reduced={"model"}), P("data")))
    return fn(jax.device_put(h, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())
