"""MoE gating functions looked up by name; gate logits pooled across expert shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GATES = {
    "softmax": lambda logits, t: jax.nn.softmax(logits / t, axis=-1),
    "sigmoid": lambda logits, t: jax.nn.sigmoid(logits / t),
}


def route(x, w_gate, gate="sigmoid", temperature=0.7):
    local = x @ w_gate
    logits = jax.lax.all_gather(local, "expert", axis=1, tiled=True, to="reduced")
    probs = GATES[gate](logits, temperature)
    return jax.lax.pmean(probs, "expert")


def inputs():
    rng = np.random.default_rng(406)
    return rng.standard_normal((32, 16)).astype(np.float32), rng.standard_normal((16, 8)).astype(np.float32)


def main(x, w_gate):
    mesh = jax.make_mesh((4, 2), ("batch", "expert"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", None)))
    w_gate = jax.device_put(w_gate, NamedSharding(mesh, P(None, "expert")))
    fn = jax.shard_map(route, mesh=mesh, in_specs=(P("batch", None), P(None, "expert")), out_specs=P("batch", None))
    return fn(x, w_gate)


if __name__ == "__main__":
    print(main(*inputs()))
