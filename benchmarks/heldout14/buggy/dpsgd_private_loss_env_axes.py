"""DP-SGD training loss for a tensor-parallel classifier: logits are computed from
column shards and summed; the mean loss is averaged over the axes named in the job's
environment for the privacy ledger."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LEDGER_AXES = tuple(os.environ.get("DP_LEDGER_AXES", "data,model").split(","))


def private_loss(x, w, labels):
    logits = jax.lax.psum(x @ w, "model")
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
    return jax.lax.pmean(nll, LEDGER_AXES)


def inputs():
    x = np.linspace(-1, 1, 8 * 8, dtype=np.float32).reshape(8, 8)
    w = np.linspace(-0.5, 0.5, 8 * 4, dtype=np.float32).reshape(8, 4)
    return x, w, (np.arange(8) % 4).astype(np.int32)


def main(x, w, labels):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    w = jax.device_put(w, NamedSharding(mesh, P("model", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data")))
    f = jax.shard_map(private_loss, mesh=mesh, in_specs=(P("data", "model"), P("model", None), P("data")),
                      out_specs=P())
    return f(x, w, labels)


if __name__ == "__main__":
    print(main(*inputs()))
