"""Communicating agents: each agent broadcasts a message, messages routed to their receivers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COMM_CONFIG = {"agent_axis": "agent", "env_axis": "env", "msg_dim": 4}


def encode(obs, w):
    return jnp.tanh(obs @ w)


def route_messages(obs, w, cfg=COMM_CONFIG):
    msg = encode(obs, w)
    board = jax.lax.all_gather(msg, cfg["agent_axis"], axis=1, tiled=True, to="reduced")
    return jax.lax.all_to_all(board, cfg["agent_axis"], 1, 1, tiled=True)


def inputs():
    rng = np.random.default_rng(23)
    return rng.normal(size=(8, 4, 3)).astype(np.float32), rng.normal(size=(3, 1)).astype(np.float32)


def main(obs, w):
    cfg = COMM_CONFIG
    mesh = jax.make_mesh((4, 2), (cfg["agent_axis"], cfg["env_axis"]))
    obs = jax.device_put(obs, NamedSharding(mesh, P(cfg["env_axis"], cfg["agent_axis"], None)))
    w = jax.device_put(w, NamedSharding(mesh, P()))
    spec = P(cfg["env_axis"], cfg["agent_axis"], None)
    router = jax.jit(jax.shard_map(route_messages, mesh=mesh, in_specs=(spec, P()), out_specs=spec))
    return router(obs, w)


if __name__ == "__main__":
    main(*inputs())
