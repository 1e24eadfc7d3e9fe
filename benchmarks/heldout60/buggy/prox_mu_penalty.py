"""FedProx proximal gradient mu * (w - w_t) with the global model gathered at round start."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HPARAMS = {"mu": 0.01, "lr": 0.1}


def prox_grad(w_global, hparams):
    return hparams["mu"] * w_global


def client_update(w, grads, worker_axis="worker", hparams=HPARAMS):
    w_global = jax.lax.all_gather(w, worker_axis, axis=0, tiled=True, to="reduced")
    penalty = prox_grad(w_global, hparams)
    return penalty[: grads.shape[0]] + grads


def inputs():
    rng = np.random.default_rng(26)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32)


def main(w, grads):
    mesh = jax.make_mesh((4, 2), ("worker", "tp"))
    spec = P("worker", "tp")
    w = jax.device_put(w, NamedSharding(mesh, spec))
    grads = jax.device_put(grads, NamedSharding(mesh, spec))
    return jax.shard_map(client_update, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(w, grads)


if __name__ == "__main__":
    main(*inputs())
