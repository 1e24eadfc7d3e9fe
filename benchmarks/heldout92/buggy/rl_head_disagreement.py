"""Exploration sweep: the bonus is the disagreement of neighbouring policy heads on a ring."""
import copy
import dataclasses
import functools
import itertools
import math
import random
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ----------------------------------------------------------------------------------------------
# raykit: the team's single-file stand-ins for ray.remote / ray.tune / ray.train, so sweeps run
# the same on a laptop, in CI and on the 8-device test host (no cluster, no object store).
# ----------------------------------------------------------------------------------------------
class ObjectRef:
    __slots__ = ("_value",)

    def __init__(self, value):
        self._value = value


def get(refs):
    if isinstance(refs, list):
        return [get(r) for r in refs]
    return refs._value if isinstance(refs, ObjectRef) else refs


def put(value):
    return ObjectRef(value)


def _resolve(args, kwargs):
    """Top-level ObjectRef arguments are resolved before the call, like Ray does."""
    def one(a):
        return a._value if isinstance(a, ObjectRef) else a
    return [one(a) for a in args], {k: one(v) for k, v in kwargs.items()}


class _RemoteFunction:
    def __init__(self, fn, options):
        self._fn, self._options = fn, options
        functools.update_wrapper(self, fn)

    def remote(self, *args, **kwargs):
        args, kwargs = _resolve(args, kwargs)
        return ObjectRef(self._fn(*args, **kwargs))

    def options(self, **options):
        return _RemoteFunction(self._fn, {**self._options, **options})


class _ActorMethod:
    def __init__(self, bound):
        self._bound = bound

    def remote(self, *args, **kwargs):
        args, kwargs = _resolve(args, kwargs)
        return ObjectRef(self._bound(*args, **kwargs))


class ActorHandle:
    def __init__(self, instance):
        self._instance = instance

    def __getattr__(self, name):
        return _ActorMethod(getattr(self._instance, name))


class _ActorClass:
    def __init__(self, cls, options):
        self._cls, self._options = cls, options

    def remote(self, *args, **kwargs):
        args, kwargs = _resolve(args, kwargs)
        return ActorHandle(self._cls(*args, **kwargs))

    def options(self, **options):
        return _ActorClass(self._cls, {**self._options, **options})


def remote(*args, **options):
    def wrap(obj):
        return _ActorClass(obj, options) if isinstance(obj, type) else _RemoteFunction(obj, options)
    if len(args) == 1 and callable(args[0]) and not options:
        return wrap(args[0])
    return wrap


@dataclasses.dataclass
class PlacementGroup:
    bundle_specs: list
    strategy: str = "PACK"

    def ready(self):
        return ObjectRef(True)

    @property
    def devices(self):
        return jax.devices()[: len(self.bundle_specs)]


def placement_group(bundles, strategy="PACK"):
    return PlacementGroup([dict(b) for b in bundles], strategy)


# --- search spaces ---------------------------------------------------------------------------
class Domain:
    def sample(self, rng):
        raise NotImplementedError


class _Choice(Domain):
    def __init__(self, categories):
        self.categories = list(categories)

    def sample(self, rng):
        return self.categories[rng.randrange(len(self.categories))]


class _Uniform(Domain):
    def __init__(self, lower, upper, log=False):
        self.lower, self.upper, self.log = lower, upper, log

    def sample(self, rng):
        if self.log:
            return math.exp(rng.uniform(math.log(self.lower), math.log(self.upper)))
        return rng.uniform(self.lower, self.upper)


class _RandInt(Domain):
    def __init__(self, lower, upper):
        self.lower, self.upper = lower, upper

    def sample(self, rng):
        return rng.randrange(self.lower, self.upper)


def _leaves(space, prefix=()):
    for key, value in space.items():
        if isinstance(value, dict) and "grid_search" not in value:
            yield from _leaves(value, prefix + (key,))
        else:
            yield prefix + (key,), value


def _assign(config, path, value):
    for key in path[:-1]:
        config = config.setdefault(key, {})
    config[path[-1]] = value


class BasicVariantGenerator:
    """Grid axes are crossed, every Domain is sampled once per variant from a seeded RNG."""

    def __init__(self, random_state=None):
        self._rng = random.Random(random_state)

    def variants(self, space, num_samples=1):
        leaves = list(_leaves(space))
        grid = [(path, value["grid_search"]) for path, value in leaves
                if isinstance(value, dict) and "grid_search" in value]
        for _ in range(num_samples):
            for combo in itertools.product(*(values for _, values in grid)):
                chosen = dict(zip((path for path, _ in grid), combo))
                config = {}
                for path, value in leaves:
                    if path in chosen:
                        value = chosen[path]
                    elif isinstance(value, Domain):
                        value = value.sample(self._rng)
                    _assign(config, path, copy.deepcopy(value))
                yield config


# --- trials, sessions, schedulers -------------------------------------------------------------
CONTINUE, STOP = "CONTINUE", "STOP"


class _StopTrial(Exception):
    pass


@dataclasses.dataclass
class Trial:
    trial_id: str
    config: dict
    results: list = dataclasses.field(default_factory=list)
    checkpoint: Any = None
    status: str = "PENDING"
    runner: Any = None

    @property
    def last_result(self):
        return self.results[-1] if self.results else {}


class _Session:
    def __init__(self):
        self.trial = None
        self.scheduler = None

    def report(self, metrics, checkpoint=None):
        trial = self.trial
        metrics = {k: (float(v) if hasattr(v, "shape") and not v.shape else v) for k, v in metrics.items()}
        metrics.setdefault("training_iteration", len(trial.results) + 1)
        trial.results.append(metrics)
        if checkpoint is not None:
            trial.checkpoint = checkpoint
        if self.scheduler is not None and self.scheduler.on_trial_result(None, trial, metrics) == STOP:
            raise _StopTrial(trial.trial_id)

    def get_checkpoint(self):
        return self.trial.checkpoint if self.trial is not None else None

    def get_trial_id(self):
        return self.trial.trial_id


session = _Session()


class FIFOScheduler:
    metric = None
    mode = "min"

    def set_search_properties(self, metric, mode):
        self.metric = self.metric or metric
        self.mode = self.mode or mode

    def on_trial_add(self, runner, trial):
        pass

    def on_trial_result(self, runner, trial, result):
        return CONTINUE

    def on_trial_complete(self, runner, trial, result):
        pass

    def _score(self, result):
        value = result[self.metric]
        return -value if self.mode == "min" else value


class ASHAScheduler(FIFOScheduler):
    def __init__(self, metric=None, mode=None, max_t=10, grace_period=1, reduction_factor=2):
        self.metric, self.mode = metric, mode
        self.max_t, self.grace_period, self.reduction_factor = max_t, grace_period, reduction_factor
        self.rungs = {}
        t = grace_period
        while t < max_t:
            self.rungs[t] = []
            t *= reduction_factor

    def on_trial_result(self, runner, trial, result):
        t = result["training_iteration"]
        if t >= self.max_t:
            return STOP
        if t not in self.rungs:
            return CONTINUE
        score = self._score(result)
        rung = self.rungs[t]
        rung.append(score)
        cutoff = sorted(rung, reverse=True)[: max(1, len(rung) // self.reduction_factor)][-1]
        return CONTINUE if score >= cutoff else STOP


class PopulationBasedTraining(FIFOScheduler):
    def __init__(self, metric=None, mode=None, perturbation_interval=2, hyperparam_mutations=None,
                 quantile_fraction=0.5, custom_explore_fn=None, seed=0):
        self.metric, self.mode = metric, mode
        self.perturbation_interval = perturbation_interval
        self.hyperparam_mutations = hyperparam_mutations or {}
        self.quantile_fraction = quantile_fraction
        self.custom_explore_fn = custom_explore_fn
        self._rng = random.Random(seed)
        self._population = []

    def on_trial_add(self, runner, trial):
        self._population.append(trial)

    def perturb(self, config):
        new = copy.deepcopy(config)
        for key, space in self.hyperparam_mutations.items():
            if isinstance(space, Domain):
                new[key] = space.sample(self._rng)
            elif isinstance(space, list):
                new[key] = space[self._rng.randrange(len(space))]
            elif key in new and isinstance(new[key], (int, float)):
                new[key] = new[key] * self._rng.choice((0.8, 1.2))
        if self.custom_explore_fn is not None:
            new = self.custom_explore_fn(new)
        return new

    def on_trial_result(self, runner, trial, result):
        if result["training_iteration"] % self.perturbation_interval:
            return CONTINUE
        ranked = sorted((t for t in self._population if t.results),
                        key=lambda t: self._score(t.last_result), reverse=True)
        cut = max(1, int(len(ranked) * self.quantile_fraction))
        if trial in ranked[-cut:] and len(ranked) > 1 and ranked[0] is not trial:
            donor = ranked[0]
            trial.config = self.perturb(donor.config)
            if trial.runner is not None and donor.runner is not None:
                trial.runner.load_checkpoint(donor.runner.save_checkpoint(None))
                trial.runner.reset_config(trial.config)
        return CONTINUE


class Trainable:
    def __init__(self, config=None):
        self.config = dict(config or {})
        self.iteration = 0
        self.setup(self.config)

    def setup(self, config):
        pass

    def step(self):
        raise NotImplementedError

    def train(self):
        result = dict(self.step())
        self.iteration += 1
        result.setdefault("training_iteration", self.iteration)
        return result

    def save_checkpoint(self, checkpoint_dir):
        return {}

    def load_checkpoint(self, checkpoint):
        pass

    def reset_config(self, new_config):
        self.config = dict(new_config)
        return True


# --- Tuner / tune.run ---------------------------------------------------------------------------
@dataclasses.dataclass
class TuneConfig:
    metric: str = "loss"
    mode: str = "min"
    num_samples: int = 1
    scheduler: Any = None
    search_alg: Any = None
    max_concurrent_trials: int = 0


@dataclasses.dataclass
class RunConfig:
    name: str = "sweep"
    stop: dict = dataclasses.field(default_factory=dict)
    fail_fast: str = "raise"  # local mode: a failing trial fails the sweep with its traceback


@dataclasses.dataclass
class Result:
    metrics: dict
    config: dict
    checkpoint: Any


class ResultGrid(list):
    def get_best_result(self, metric="loss", mode="min"):
        done = [r for r in self if metric in r.metrics]
        pick = min if mode == "min" else max
        return pick(done, key=lambda r: r.metrics[metric])


def with_parameters(trainable, **params):
    if isinstance(trainable, type):
        return type(trainable.__name__, (trainable,), {"_bound_params": params})

    @functools.wraps(trainable)
    def inner(config):
        return trainable(config, **params)
    return inner


class Tuner:
    def __init__(self, trainable, *, param_space=None, tune_config=None, run_config=None):
        self.trainable = trainable
        self.param_space = param_space or {}
        self.tune_config = tune_config or TuneConfig()
        self.run_config = run_config or RunConfig()

    def _trials(self):
        search = self.tune_config.search_alg or BasicVariantGenerator()
        for i, config in enumerate(search.variants(self.param_space, self.tune_config.num_samples)):
            yield Trial(f"{self.run_config.name}_{i:05d}", config)

    def fit(self):
        scheduler = self.tune_config.scheduler or FIFOScheduler()
        scheduler.set_search_properties(self.tune_config.metric, self.tune_config.mode)
        trials = list(self._trials())
        for trial in trials:
            scheduler.on_trial_add(None, trial)
        if isinstance(self.trainable, type) and issubclass(self.trainable, Trainable):
            self._run_class(trials, scheduler)
        else:
            for trial in trials:
                self._run_function(trial, scheduler)
        return ResultGrid(Result(t.last_result, t.config, t.checkpoint) for t in trials)

    def _run_function(self, trial, scheduler):
        session.trial, session.scheduler = trial, scheduler
        trial.status = "RUNNING"
        try:
            if isinstance(self.trainable, JaxTrainer):
                self.trainable.with_config(trial.config.get("train_loop_config", {})).fit()
            else:
                self.trainable(trial.config)
        except _StopTrial:
            trial.status = "STOPPED"
        else:
            trial.status = "TERMINATED"
            scheduler.on_trial_complete(None, trial, trial.last_result)
        finally:
            session.trial = session.scheduler = None

    def _run_class(self, trials, scheduler):
        stop_at = self.run_config.stop.get("training_iteration", 3)
        for trial in trials:
            params = getattr(self.trainable, "_bound_params", {})
            trial.runner = self.trainable(trial.config, **params) if params else self.trainable(trial.config)
            trial.status = "RUNNING"
        for _ in range(stop_at):
            for trial in trials:
                if trial.status != "RUNNING":
                    continue
                result = trial.runner.train()
                trial.results.append(result)
                if scheduler.on_trial_result(None, trial, result) == STOP:
                    trial.status = "STOPPED"
        for trial in trials:
            if trial.status == "RUNNING":
                trial.status = "TERMINATED"
                trial.checkpoint = trial.runner.save_checkpoint(None)
                scheduler.on_trial_complete(None, trial, trial.last_result)


class _TuneNamespace:
    Tuner = Tuner
    TuneConfig = TuneConfig
    Trainable = Trainable
    with_parameters = staticmethod(with_parameters)

    @staticmethod
    def grid_search(values):
        return {"grid_search": list(values)}

    @staticmethod
    def choice(categories):
        return _Choice(categories)

    @staticmethod
    def uniform(lower, upper):
        return _Uniform(lower, upper)

    @staticmethod
    def loguniform(lower, upper):
        return _Uniform(lower, upper, log=True)

    @staticmethod
    def randint(lower, upper):
        return _RandInt(lower, upper)

    @staticmethod
    def run(trainable, config=None, *, param_space=None, num_samples=1, scheduler=None,
            metric="loss", mode="min", stop=None, search_alg=None, name="tune_run"):
        tuner = Tuner(trainable, param_space=param_space or config,
                      tune_config=TuneConfig(metric=metric, mode=mode, num_samples=num_samples,
                                             scheduler=scheduler, search_alg=search_alg),
                      run_config=RunConfig(name=name, stop=stop or {}))
        return tuner.fit()


tune = _TuneNamespace()


# --- ray.train ----------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class ScalingConfig:
    num_workers: int = 8
    use_gpu: bool = False
    mesh_shape: tuple = (8,)
    mesh_axes: tuple = ("data",)
    resources_per_worker: dict = dataclasses.field(default_factory=lambda: {"CPU": 1})

    def as_placement_group_factory(self):
        return placement_group([self.resources_per_worker] * self.num_workers, "STRICT_PACK")

    def build_mesh(self):
        pg = self.as_placement_group_factory()
        get(pg.ready())
        devices = np.array(pg.devices).reshape(self.mesh_shape)
        return jax.sharding.Mesh(devices, self.mesh_axes,
                                 axis_types=(jax.sharding.AxisType.Explicit,) * len(self.mesh_axes))


@dataclasses.dataclass
class TrainContext:
    mesh: Any
    scaling_config: ScalingConfig
    world_rank: int = 0

    def get_world_size(self):
        return self.scaling_config.num_workers


class _TrainModule:
    _context = None

    def get_context(self):
        return self._context

    def report(self, metrics, checkpoint=None):
        if session.trial is not None:
            session.report(metrics, checkpoint=checkpoint)

    def get_checkpoint(self):
        return session.get_checkpoint()


train = _TrainModule()


class JaxTrainer:
    """Runs train_loop_per_worker once per fit (SPMD: one controller drives the whole mesh)."""

    def __init__(self, train_loop_per_worker, *, train_loop_config=None, scaling_config=None,
                 run_config=None, datasets=None):
        self.train_loop_per_worker = train_loop_per_worker
        self.train_loop_config = dict(train_loop_config or {})
        self.scaling_config = scaling_config or ScalingConfig()
        self.run_config = run_config or RunConfig()
        self.datasets = datasets or {}

    def with_config(self, overrides):
        merged = {**self.train_loop_config, **overrides}
        return JaxTrainer(self.train_loop_per_worker, train_loop_config=merged,
                          scaling_config=self.scaling_config, run_config=self.run_config,
                          datasets=self.datasets)

    def fit(self):
        mesh = self.scaling_config.build_mesh()
        train._context = TrainContext(mesh, self.scaling_config)
        own = session.trial is None
        if own:
            session.trial = Trial(self.run_config.name, self.train_loop_config)
        try:
            with jax.set_mesh(mesh):
                self.train_loop_per_worker(self.train_loop_config)
            return Result(session.trial.last_result, self.train_loop_config, session.trial.checkpoint)
        finally:
            train._context = None
            if own:
                session.trial = None
# ----------------------------------------------------------------------------------------------


# --- RL policy search: learner actors own a mesh ("envs", "heads"); the policy MLP is split over heads
OBS, HIDDEN, N_ACT, N_ENVS = 6, 8, 8, 16


def env_batch(seed):
    rng = np.random.default_rng(seed)
    obs = rng.normal(size=(N_ENVS, OBS)).astype(np.float32)
    w_true = np.linspace(-1.0, 1.0, OBS * N_ACT, dtype=np.float32).reshape(OBS, N_ACT)
    return obs, obs @ w_true                               # rewards of every action


class PolicyLearnerBase:
    """Lives in an actor: holds its mesh, params and jitted update; driven through .remote()."""

    def __init__(self, config):
        self.config = dict(config)
        self.mesh = jax.make_mesh(tuple(config["mesh_shape"]), tuple(config["mesh_axes"]))
        self.env_axis, self.head_axis = config["mesh_axes"]
        k1, k2 = jax.random.split(jax.random.key(config.get("seed", 0)))
        self.specs = {"w1": P(None, self.head_axis), "w2": P(self.head_axis, None)}
        self.params = {"w1": self.put(jax.random.normal(k1, (OBS, HIDDEN)) * 0.3, self.specs["w1"]),
                       "w2": self.put(jax.random.normal(k2, (HIDDEN, N_ACT)) * 0.3, self.specs["w2"])}
        self.version = 0
        self._update = self._build_update()

    def put(self, value, spec):
        return jax.device_put(value, NamedSharding(self.mesh, spec))

    def rollout(self, seed):
        obs, rewards = env_batch(seed)
        return self.put(obs, P(self.env_axis, None)), self.put(rewards, P(self.env_axis, None))

    def policy_logits(self, w1, w2, obs):
        h = jnp.tanh(obs @ w1)
        return jax.lax.psum(h @ w2, self.head_axis)

    def _build_update(self):
        e, h = self.env_axis, self.head_axis

        def objective(w1, w2, obs, rewards):
            probs = jax.nn.softmax(self.policy_logits(w1, w2, obs))
            return -jax.lax.pmean(jnp.mean(jnp.sum(probs * rewards, axis=-1)), e)

        loss = jax.shard_map(objective, mesh=self.mesh,
                             in_specs=(self.specs["w1"], self.specs["w2"], P(e, None), P(e, None)),
                             out_specs=P())
        lr = self.config["lr"]

        @jax.jit
        def update(params, obs, rewards):
            value, grads = jax.value_and_grad(lambda p: loss(p["w1"], p["w2"], obs, rewards))(params)
            return jax.tree.map(lambda p, g: p - lr * g, params, grads), -value
        return update

    def train_step(self, seed):
        obs, rewards = self.rollout(seed)
        self.params, mean_return = self._update(self.params, obs, rewards)
        self.version += 1
        return {"mean_return": float(mean_return), "version": self.version}

    def get_weights(self):
        return self.params

    def set_weights(self, params):
        self.params = {k: self.put(v, self.specs[k]) for k, v in params.items()}

@remote(num_cpus=1)
class Learner(PolicyLearnerBase):
    def exploration_bonus(self, seed):
        e, h = self.env_axis, self.head_axis
        n_heads = self.mesh.shape[h]
        obs, _ = self.rollout(seed)

        def body(w1, obs):
            feats = jax.lax.all_gather(jnp.tanh(obs @ w1), h, axis=1, tiled=True, to="reduced")
            neighbour = jax.lax.ppermute(feats, h, [(i, (i + 1) % n_heads) for i in range(n_heads)])
            return jax.lax.pmean(jnp.sum((neighbour - feats) ** 2, axis=-1), h)

        fn = jax.shard_map(body, mesh=self.mesh, in_specs=(P(None, h), P(e, None)), out_specs=P(e))
        return fn(self.params["w1"], obs)


def curiosity_trial(config):
    learner = Learner.remote(config)
    for it in range(2):
        stats_ref = learner.train_step.remote(it)
        bonus_ref = learner.exploration_bonus.remote(it)
        stats, bonus = get([stats_ref, bonus_ref])
        session.report({"mean_return": stats["mean_return"], "bonus": float(jnp.mean(bonus))})


def inputs():
    return curiosity_trial, {"mesh_shape": (4, 2), "mesh_axes": ("envs", "heads"), "lr": 0.1,
                             "seed": tune.grid_search([0, 1])}


def main(trainable, config):
    results = tune.run(trainable, config=config, metric="mean_return", mode="max")
    return jnp.asarray([r.metrics["bonus"] for r in results])


if __name__ == "__main__":
    main(*inputs())
