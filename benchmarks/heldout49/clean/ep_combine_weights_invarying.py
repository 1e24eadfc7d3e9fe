"""Expert-parallel combine: expert outputs brought back and weighted by the router's gates."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EP_AXIS = "ep"


class Combiner:
    normalize_gates = True

    def gates(self, router_probs):
        if self.normalize_gates:
            return router_probs / router_probs.sum(axis=-1, keepdims=True)
        return router_probs

    def combine(self, expert_out, router_probs):
        back = jax.lax.all_gather(expert_out, EP_AXIS, axis=1, tiled=True, to="reduced")
        weights = self.gates(router_probs)
        return jnp.einsum("tek,te->tk", back, weights)

    def combine_top1(self, expert_out, router_probs):
        back = jax.lax.all_gather(expert_out, EP_AXIS, axis=1, tiled=True, to="invarying")
        weights = self.gates(router_probs)
        return back * weights[:, :, None]


def inputs():
    mesh = jax.make_mesh((2, 4), ("fsdp", "ep"))
    rng = np.random.default_rng(12)
    out = rng.normal(size=(16, 8, 4)).astype(np.float32)
    probs = rng.random((16, 8)).astype(np.float32)
    return (mesh,
            jax.device_put(out, NamedSharding(mesh, P("fsdp", "ep", None))),
            jax.device_put(probs, NamedSharding(mesh, P("fsdp", None))))


def main(mesh, expert_out, probs):
    c = Combiner()
    f = jax.shard_map(c.combine_top1, mesh=mesh,
                      in_specs=(P("fsdp", "ep", None), P("fsdp", None)),
                      out_specs=P("fsdp", None, None))
    return f(expert_out, probs)


if __name__ == "__main__":
    main(*inputs())
