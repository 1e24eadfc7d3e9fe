"""fedlab/experiments/scaffold/variate_dump.py

SCAFFOLD with a dump of all client control variates each round (for the
client-drift heat maps): the c_i are reassembled on device.
"""
import argparse

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

# ---------------------------------------------------------------------------
# fedsim_lite: the group's small federated-simulation helpers (copied between
# experiment scripts; keep in sync with fedsim/core.py by hand).
# ---------------------------------------------------------------------------


def round_seed(base_seed, rnd):
    """Per-round seed so a rerun of round r samples the same clients."""
    return (int(base_seed) * 1_000_003 + 7919 * int(rnd)) % (2**31 - 1)


def sample_clients(num_clients, per_round, rnd, base_seed=0):
    """Uniform sampling without replacement; sorted so logs are stable."""
    rng = np.random.default_rng(round_seed(base_seed, rnd))
    if per_round > num_clients:
        raise ValueError(f"cannot sample {per_round} of {num_clients} clients")
    return np.sort(rng.choice(num_clients, size=per_round, replace=False))


def weighted_average(values, counts):
    """Host-side weighted mean of a list of arrays by example counts."""
    counts = np.asarray(counts, dtype=np.float64)
    total = counts.sum()
    if total <= 0:
        raise ValueError("weighted_average: no examples")
    out = np.zeros_like(np.asarray(values[0], dtype=np.float64))
    for v, c in zip(values, counts):
        out += (c / total) * np.asarray(v, dtype=np.float64)
    return out


def clip_by_l2(vec, max_norm):
    """DP clipping of one client's update (host-side reference)."""
    norm = float(np.linalg.norm(vec))
    return vec * min(1.0, max_norm / max(norm, 1e-12))


def gaussian_noise(shape, sigma, rnd, base_seed=0):
    rng = np.random.default_rng(round_seed(base_seed + 17, rnd))
    return (sigma * rng.standard_normal(shape)).astype(np.float32)


def pairwise_masks(num_clients, dim, rnd, base_seed=0):
    """Secure-aggregation masks: client i adds m_ij for j > i and subtracts
    m_ji for j < i, so the masks cancel in the sum over all clients."""
    masks = np.zeros((num_clients, dim), dtype=np.float32)
    for i in range(num_clients):
        for j in range(i + 1, num_clients):
            rng = np.random.default_rng(round_seed(base_seed + 1000 * i + j, rnd))
            m = rng.standard_normal(dim).astype(np.float32)
            masks[i] += m
            masks[j] -= m
    return masks


class Strategy:
    """Server strategy: subclasses override `aggregate` (and maybe `configure`)."""

    name = "base"

    def __init__(self, server_lr=1.0):
        self.server_lr = float(server_lr)

    def configure(self, rnd):
        return {"round": rnd, "server_lr": self.server_lr}

    def aggregate(self, weights, updates, counts):
        raise NotImplementedError(f"{type(self).__name__}.aggregate")

    def __repr__(self):
        return f"{type(self).__name__}(server_lr={self.server_lr})"


class FedAvg(Strategy):
    name = "fedavg"

    def aggregate(self, weights, updates, counts):
        return weights + self.server_lr * weighted_average(updates, counts)


class FedProx(FedAvg):
    name = "fedprox"

    def __init__(self, server_lr=1.0, mu=0.01):
        super().__init__(server_lr)
        self.mu = float(mu)


class FedAdam(Strategy):
    name = "fedadam"

    def __init__(self, server_lr=0.1, b1=0.9, b2=0.99, tau=1e-3):
        super().__init__(server_lr)
        self.b1, self.b2, self.tau = b1, b2, tau
        self.m = None
        self.v = None

    def aggregate(self, weights, updates, counts):
        delta = weighted_average(updates, counts)
        if self.m is None:
            self.m = np.zeros_like(delta)
            self.v = np.zeros_like(delta)
        self.m = self.b1 * self.m + (1 - self.b1) * delta
        self.v = self.b2 * self.v + (1 - self.b2) * delta * delta
        return weights + self.server_lr * self.m / (np.sqrt(self.v) + self.tau)


class Scaffold(Strategy):
    name = "scaffold"

    def __init__(self, server_lr=1.0):
        super().__init__(server_lr)
        self.c = None

    def aggregate(self, weights, updates, counts):
        return weights + self.server_lr * np.mean(np.stack(updates), axis=0)


def early_stop(history, patience, key="loss"):
    """True when `key` has not improved for `patience` rounds."""
    if len(history) <= patience:
        return False
    best = min(h[key] for h in history[:-patience])
    return all(h[key] >= best for h in history[-patience:])


def place(mesh, array, spec):
    """Put a host array on the mesh with the given PartitionSpec."""
    return jax.device_put(array, jax.sharding.NamedSharding(mesh, spec))


def make_args(**overrides):
    """argparse.Namespace built by hand (the notebooks do not parse argv)."""
    defaults = dict(rounds=3, clients_per_round=4, local_steps=2, lr=0.1,
                    seed=0, dim=8, examples=16, patience=2)
    defaults.update(overrides)
    return argparse.Namespace(**defaults)


# --------------------------- end fedsim_lite -------------------------------


class DumpScaffold(Scaffold):
    def __init__(self, mesh, lr):
        super().__init__(server_lr=1.0)
        self.mesh = mesh
        self.lr = lr
        self.client_axis, self.param_axis = mesh.axis_names

    def dump(self, ci):
        full_rows = jax.lax.all_gather(ci, self.param_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(full_rows, tuple(self.mesh.axis_names), axis=0, tiled=True,
                                  to="reduced")

    def body(self, x, y, w, c, ci):
        pred = jax.lax.psum(jnp.einsum("cnd,d->cn", x, w), self.param_axis)
        g = jnp.einsum("cn,cnd->cd", pred - y, x) / x.shape[1]
        wl = w - self.lr * (g[0] - ci[0] + c)
        ci_new = g
        w = w + jax.lax.pmean(wl - w, self.client_axis)
        c = c + jax.lax.pmean(ci_new[0] - ci[0], self.client_axis)
        return w, c, ci_new, self.dump(ci_new)

    def compiled(self):
        return jax.jit(jax.shard_map(
            self.body, mesh=self.mesh,
            in_specs=(P("clients", None, "shard"), P("clients", None), P("shard"), P("shard"),
                      P("clients", "shard")),
            out_specs=(P("shard"), P("shard"), P("clients", "shard"),
                       P(None, None, reduced={"clients", "shard"}))))


def inputs():
    args = make_args(rounds=2, lr=0.1)
    rng = np.random.default_rng(73)
    x = rng.standard_normal((4, args.examples, args.dim)).astype(np.float32)
    y = (x[..., 3] - 0.5).astype(np.float32)
    return args, x, y


def main(args, x, y):
    mesh = jax.make_mesh((4, 2), ("clients", "shard"))
    step = DumpScaffold(mesh, args.lr).compiled()
    w = place(mesh, np.zeros(args.dim, np.float32), P("shard"))
    c = place(mesh, np.zeros(args.dim, np.float32), P("shard"))
    ci = place(mesh, np.zeros((4, args.dim), np.float32), P("clients", "shard"))
    history = []
    for rnd in range(args.rounds):
        w, c, ci, dump = step(place(mesh, x, P("clients", None, "shard")),
                              place(mesh, y, P("clients", None)), w, c, ci)
        history.append({"round": rnd, "loss": float(np.mean((x @ np.asarray(w) - y) ** 2)),
                        "ci_spread": float(np.asarray(dump).std(axis=0).mean())})
        print(history[-1])
    return history


if __name__ == "__main__":
    main(*inputs())
