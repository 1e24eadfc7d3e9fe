"""fedlab/experiments/scaffold/drift_metric.py

SCAFFOLD with the client-drift metric of the paper's Fig. 3: the mean over
clients of ||c_i - c||^2, computed on device each round.
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


CLIENT_AXIS = "clients"
PARAM_AXIS = "shard"
ALL_AXES = (CLIENT_AXIS, PARAM_AXIS)


def sq_dist(a, b):
    d = a - b
    return jax.lax.psum(jnp.sum(d * d), PARAM_AXIS)


class DriftScaffold(Scaffold):
    def __init__(self, mesh, lr):
        super().__init__(server_lr=1.0)
        self.mesh = mesh
        self.lr = lr

    def body(self, x, y, w, c, ci):
        pred = jax.lax.psum(jnp.einsum("cnd,d->cn", x, w), PARAM_AXIS)
        g = jnp.einsum("cn,cnd->d", pred - y, x) / x.shape[1]
        wl = w - self.lr * (g - ci[0] + c)
        drift = jax.lax.psum(sq_dist(g, c), ALL_AXES) / jax.lax.psum(1, CLIENT_AXIS)
        w = w + jax.lax.pmean(wl - w, CLIENT_AXIS)
        c = c + jax.lax.pmean(g - ci[0], CLIENT_AXIS)
        return w, c, g[None], drift

    def compiled(self):
        return jax.jit(jax.shard_map(
            self.body, mesh=self.mesh,
            in_specs=(P(CLIENT_AXIS, None, PARAM_AXIS), P(CLIENT_AXIS, None), P(PARAM_AXIS),
                      P(PARAM_AXIS), P(CLIENT_AXIS, PARAM_AXIS)),
            out_specs=(P(PARAM_AXIS), P(PARAM_AXIS), P(CLIENT_AXIS, PARAM_AXIS), P())))


def inputs():
    args = make_args(rounds=3, lr=0.1)
    rng = np.random.default_rng(79)
    x = rng.standard_normal((4, args.examples, args.dim)).astype(np.float32)
    y = (x @ rng.standard_normal(args.dim) + np.arange(4)[:, None]).astype(np.float32)
    return args, x, y


def main(args, x, y):
    mesh = jax.make_mesh((4, 2), ALL_AXES)
    step = DriftScaffold(mesh, args.lr).compiled()
    w = place(mesh, np.zeros(args.dim, np.float32), P(PARAM_AXIS))
    c = place(mesh, np.zeros(args.dim, np.float32), P(PARAM_AXIS))
    ci = place(mesh, np.zeros((4, args.dim), np.float32), P(CLIENT_AXIS, PARAM_AXIS))
    history = []
    for rnd in range(args.rounds):
        w, c, ci, drift = step(place(mesh, x, P(CLIENT_AXIS, None, PARAM_AXIS)),
                               place(mesh, y, P(CLIENT_AXIS, None)), w, c, ci)
        history.append({"round": rnd, "loss": float(np.mean((x @ np.asarray(w) - y) ** 2)),
                        "drift": float(drift)})
        print(history[-1])
        if early_stop(history, args.patience, key="drift"):
            break
    return history


if __name__ == "__main__":
    main(*inputs())
