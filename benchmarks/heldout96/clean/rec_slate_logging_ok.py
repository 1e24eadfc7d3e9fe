"""MoE ranker: /rank streams user batches from the feature store, scores every item and runs the
post-processors the request names (here the slate logger for the offline replay system)."""
import asyncio
import contextlib
import functools
import inspect
import typing

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# --- servekit: the small FastAPI / pydantic stand-in our inference services share -----------

class ValidationError(ValueError):
    pass


def _coerce(tp, value):
    origin = typing.get_origin(tp)
    if origin is tuple and isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if origin in (tuple, list) and isinstance(value, (list, tuple)):
        return origin(value)
    if tp in (int, float) and isinstance(value, (str, int, float)):
        return tp(value)
    return value


class BaseModel:
    """Annotated fields, class defaults, coercion of "a,b" to tuples; extra fields rejected."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        fields = {}
        for klass in reversed(cls.__mro__):
            fields.update({k: v for k, v in getattr(klass, "__annotations__", {}).items()
                           if not k.startswith("_")})
        cls.model_fields = fields

    def __init__(self, **data):
        for name, tp in self.model_fields.items():
            if name in data:
                value = _coerce(tp, data.pop(name))
            elif hasattr(type(self), name):
                value = getattr(type(self), name)
            else:
                raise ValidationError(f"{type(self).__name__}.{name}: field required")
            setattr(self, name, value)
        if data:
            raise ValidationError(f"{type(self).__name__}: extra fields {sorted(data)}")

    @classmethod
    def model_validate(cls, obj):
        return cls(**dict(obj or {}))

    def model_dump(self):
        return {name: getattr(self, name) for name in self.model_fields}

    def model_copy(self, update=None):
        return type(self)(**{**self.model_dump(), **(update or {})})


class Depends:
    def __init__(self, dependency, *, use_cache=True):
        self.dependency = dependency
        self.use_cache = use_cache


class BackgroundTasks:
    def __init__(self):
        self.tasks = []

    def add_task(self, fn, *args, **kwargs):
        self.tasks.append((fn, args, kwargs))

    async def __call__(self):
        for fn, args, kwargs in self.tasks:
            if inspect.iscoroutinefunction(fn):
                await fn(*args, **kwargs)
            else:
                await run_in_threadpool(fn, *args, **kwargs)


class Request:
    def __init__(self, app, method, path, body=None, query=None):
        self.app, self.method, self.path = app, method, path
        self._body = body or {}
        self.query = dict(query or {})
        self.exit_stack = contextlib.AsyncExitStack()

    async def json(self):
        return self._body


class Response:
    def __init__(self, status_code, payload):
        self.status_code = status_code
        self._payload = payload

    def json(self):
        return self._payload


class HTTPException(Exception):
    def __init__(self, status_code, detail=""):
        super().__init__(detail)
        self.status_code, self.detail = status_code, detail


async def run_in_threadpool(fn, *args, **kwargs):
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, functools.partial(fn, *args, **kwargs))


class App:
    def __init__(self, title=""):
        self.title = title
        self.routes = {}
        self.state = type("State", (), {})()
        self.dependency_overrides = {}
        self._hooks = {"startup": [], "shutdown": []}

    def on_event(self, kind):
        def register(fn):
            self._hooks[kind].append(fn)
            return fn
        return register

    def route(self, method, path, response_model=None):
        def register(fn):
            self.routes[(method, path)] = (fn, response_model)
            return fn
        return register

    def post(self, path, **kwargs):
        return self.route("POST", path, **kwargs)

    def get(self, path, **kwargs):
        return self.route("GET", path, **kwargs)

    async def _solve(self, fn, request, cache, background):
        kwargs = {}
        for name, param in inspect.signature(fn).parameters.items():
            default, ann = param.default, param.annotation
            if isinstance(default, Depends):
                dep = self.dependency_overrides.get(default.dependency, default.dependency)
                if default.use_cache and dep in cache:
                    kwargs[name] = cache[dep]
                    continue
                kwargs[name] = cache[dep] = await self._call(dep, request, cache, background)
            elif ann is Request:
                kwargs[name] = request
            elif ann is BackgroundTasks:
                kwargs[name] = background
            elif isinstance(ann, type) and issubclass(ann, BaseModel):
                kwargs[name] = ann.model_validate(await request.json())
            elif name in request.query:
                kwargs[name] = _coerce(ann, request.query[name])
        return kwargs

    async def _call(self, fn, request, cache, background):
        kwargs = await self._solve(fn, request, cache, background)
        if inspect.isasyncgenfunction(fn):
            gen = fn(**kwargs)
            value = await gen.__anext__()
            request.exit_stack.push_async_callback(gen.aclose)
            return value
        out = fn(**kwargs)
        return await out if inspect.isawaitable(out) else out

    async def handle(self, method, path, body=None, query=None):
        if (method, path) not in self.routes:
            return Response(404, {"detail": "Not Found"})
        fn, response_model = self.routes[(method, path)]
        request, background = Request(self, method, path, body, query), BackgroundTasks()
        async with request.exit_stack:
            try:
                out = await self._call(fn, request, {}, background)
            except HTTPException as exc:
                return Response(exc.status_code, {"detail": exc.detail})
        if response_model is not None and not isinstance(out, response_model):
            out = response_model.model_validate(out)
        await background()
        return Response(200, out.model_dump() if isinstance(out, BaseModel) else out)

    async def startup(self):
        for hook in self._hooks["startup"]:
            await hook() if inspect.iscoroutinefunction(hook) else hook()

    async def shutdown(self):
        for hook in self._hooks["shutdown"]:
            await hook() if inspect.iscoroutinefunction(hook) else hook()


class TestClient:
    """Like Starlette's TestClient with raise_server_exceptions=True, but awaitable."""

    def __init__(self, app):
        self.app = app

    async def __aenter__(self):
        await self.app.startup()
        return self

    async def __aexit__(self, *exc):
        await self.app.shutdown()

    async def post(self, path, json=None):
        return await self.app.handle("POST", path, body=json)

    async def get(self, path, params=None):
        return await self.app.handle("GET", path, query=params)


# --- end of servekit ---------------------------------------------------------------------------

# --- streaming ranker: config, startup, the mixture-of-experts scorer, the feature stream -------

class RankerConfig(BaseModel):
    mesh_shape: tuple[int, ...] = (4, 2)
    mesh_axes: tuple[str, ...] = ("users", "experts")
    n_experts: int = 4
    d_user: int = 8
    d_hidden: int = 16
    n_items: int = 16
    batch_users: int = 8


cfg = RankerConfig()
app = App(title="moe-ranker")

PARAM_LAYOUT = {
    "user_proj": P(),
    "gate": P(None, "experts"),
    "experts": P("experts"),
    "item_emb": P(),
}


@app.on_event("startup")
async def build_ranker():
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    rng = np.random.default_rng(11)
    shapes = {"user_proj": (cfg.d_user, cfg.d_hidden), "gate": (cfg.d_hidden, cfg.n_experts),
              "experts": (cfg.n_experts, cfg.d_hidden, cfg.d_hidden), "item_emb": (cfg.n_items, cfg.d_hidden)}
    app.state.mesh = mesh
    app.state.params = {
        name: jax.device_put((rng.normal(size=shape) / np.sqrt(shape[-1])).astype(np.float32),
                             NamedSharding(mesh, PARAM_LAYOUT[name]))
        for name, shape in shapes.items()}


def get_mesh(request: Request):
    return request.app.state.mesh


def get_params(request: Request):
    return request.app.state.params


def get_config():
    return cfg


def route_and_mix(u, params, expert_axis):
    """Users of this block through this device's experts; expert outputs added over `experts`."""
    z = jnp.tanh(u @ params["user_proj"])
    gate = jax.nn.sigmoid(z @ params["gate"])
    outs = jnp.einsum("bh,ehk->bek", z, params["experts"])
    return z, gate, jax.lax.psum(jnp.einsum("be,bek->bk", gate, outs), expert_axis)


async def feature_stream(n_batches, seed=0):
    """Stand-in for the online feature store: yields user-feature batches as they arrive."""
    rng = np.random.default_rng(seed)
    for _ in range(n_batches):
        await asyncio.sleep(0)
        yield rng.normal(size=(cfg.batch_users, cfg.d_user)).astype(np.float32)


def place_users(mesh, users):
    return jax.device_put(users, NamedSharding(mesh, P(cfg.mesh_axes[0], None)))


class RankRequest(BaseModel):
    n_batches: int = 2
    seed: int = 0
    postprocess: tuple[str, ...] = ()


def topk_slate(scores, mesh_axes):
    return jax.lax.top_k(scores, 4)[1]


def log_full_scores(scores, mesh_axes):
    # replay logs keep every user shard's scores
    return jax.lax.all_gather(scores, mesh_axes[0], axis=0, tiled=True, to="reduced")


POSTPROCESSORS = {"slate": topk_slate, "log": log_full_scores}


@app.post("/rank")
async def rank(req: RankRequest, mesh=Depends(get_mesh), params=Depends(get_params),
               c: RankerConfig = Depends(get_config)):
    users_axis, expert_axis = c.mesh_axes

    def score_and_post(u, params):
        _, _, mixed = route_and_mix(u, params, expert_axis)
        scores = mixed @ params["item_emb"].T
        return tuple(POSTPROCESSORS[name](scores, c.mesh_axes) for name in req.postprocess)

    out_specs = tuple(P(None, None, reduced={users_axis}) if name == "log" else P(users_axis, None)
                      for name in req.postprocess)
    fn = jax.jit(jax.shard_map(score_and_post, mesh=mesh, in_specs=(P(users_axis, None), PARAM_LAYOUT),
                               out_specs=out_specs))
    shapes = []
    async for users in feature_stream(req.n_batches, req.seed):
        outs = await run_in_threadpool(fn, place_users(mesh, users), params)
        shapes.append([list(o.shape) for o in outs])
    return {"shapes": shapes}


async def serve(postprocess):
    async with TestClient(app) as client:
        resp = await client.post("/rank", json={"postprocess": postprocess})
        return resp.json()["shapes"]


def inputs():
    return ("slate,log",)


def main(postprocess):
    return asyncio.run(serve(postprocess))


if __name__ == "__main__":
    print(main(*inputs()))
