"""moe/serving/stats.py: MoE server; per-replica expert hit counts for the dashboard."""
import collections
import dataclasses
import math

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# moe_lite: routing / capacity / placement helpers (copied from moe/lite.py, keep in sync)
# ---------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class ExpertConfig:
    num_experts: int = 8
    top_k: int = 2
    capacity_factor: float = 1.25
    d_model: int = 16
    d_ff: int = 32
    expert_axis: str = "expert"
    data_axis: str = "data"
    aux_weight: float = 0.01


def expert_capacity(cfg: ExpertConfig, tokens: int) -> int:
    # GShard: every expert takes at most ceil(cf * T / E) tokens; the rest are dropped
    return math.ceil(cfg.capacity_factor * tokens / cfg.num_experts)


def expert_table(cfg: ExpertConfig, ep_size: int) -> dict:
    # expert id -> (expert-parallel rank, local slot on that rank)
    per_rank = max(1, cfg.num_experts // ep_size)
    return {e: divmod(e, per_rank) for e in range(cfg.num_experts)}


def rank_experts(cfg: ExpertConfig, ep_size: int) -> dict:
    table = expert_table(cfg, ep_size)
    return {r: sorted(e for e, (owner, _) in table.items() if owner == r) for r in range(ep_size)}


DROP_STATS = collections.Counter()


def note_drops(tag: str, tokens: int, cfg: ExpertConfig) -> int:
    # host-side bound on dropped assignments, kept per layer for the run log
    cap = expert_capacity(cfg, tokens)
    dropped = max(0, tokens * cfg.top_k - cap * cfg.num_experts)
    DROP_STATS[tag] += dropped
    DROP_STATS["assignments"] += tokens * cfg.top_k
    return dropped


class Router:
    def __init__(self, cfg: ExpertConfig):
        self.cfg = cfg

    def top_k(self, logits):
        order = jnp.argsort(-logits, axis=-1)
        idx = order[..., : self.cfg.top_k]
        probs = jax.nn.softmax(logits, axis=-1)
        return idx, jnp.take_along_axis(probs, idx, axis=-1)

    def first_choice(self, logits):
        # one-hot of the top expert, read from the gate values (ties are measure-zero)
        probs = jax.nn.softmax(logits, axis=-1)
        _, gates = self.top_k(logits)
        return (probs >= gates[:, :1]).astype(probs.dtype), gates

    def masks(self, logits, cap: int):
        # dispatch [T, E, C] (0/1) and combine [T, E, C] (gate weights) for the first choice
        first, gates = self.first_choice(logits)
        slot = jnp.cumsum(first, axis=0) * first - 1.0
        kept = first * (slot < cap)
        dispatch = jax.nn.one_hot(slot.astype(jnp.int32), cap) * kept[..., None]
        return dispatch, dispatch * gates[:, :1, None]

    def balance(self, logits):
        # Switch aux loss: E * sum_e (fraction routed to e) * (mean router prob of e)
        first, _ = self.first_choice(logits)
        frac = jnp.mean(first, axis=0)
        prob = jnp.mean(jax.nn.softmax(logits, axis=-1), axis=0)
        return self.cfg.num_experts * frac * prob


def dispatch_tokens(x, dispatch):
    return jnp.einsum("tec,td->ecd", dispatch, x)


def combine_tokens(y, combine):
    return jnp.einsum("tec,ecd->td", combine, y)


def place(mesh, x, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))
# ---------------------------------------------------------------------------------------------

CFG = ExpertConfig(num_experts=8, top_k=2, capacity_factor=1.0, data_axis="replica")
AXES = (CFG.data_axis, CFG.expert_axis)
ROUTER = Router(CFG)


@dataclasses.dataclass
class ServeStats:
    axis: str = CFG.data_axis

    def hits(self, first):
        return jax.lax.psum(jnp.sum(first, axis=0), self.axis)

    def collect(self, first):
        return jax.lax.all_gather(self.hits(first), self.axis, tiled=True, to="reduced")


def serve(x, wr):
    first, _ = ROUTER.first_choice(x @ wr)
    return ServeStats().collect(first)


def main(x, wr):
    mesh = jax.make_mesh((2, 4), AXES)
    tok = P(AXES, None)
    fn = jax.jit(jax.shard_map(serve, mesh=mesh, in_specs=(tok, P()),
                               out_specs=P(CFG.expert_axis, reduced={CFG.data_axis})))
    print(np.asarray(fn(place(mesh, x, tok), place(mesh, wr, P()))).shape)


def inputs():
    rng = np.random.default_rng(70)
    x = rng.standard_normal((64, CFG.d_model)).astype(np.float32)
    wr = rng.standard_normal((CFG.d_model, CFG.num_experts)).astype(np.float32)
    return x, wr


if __name__ == "__main__":
    main(*inputs())
