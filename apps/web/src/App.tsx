import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { PageLoader } from "./components/PageLoader";
import { useCurrentUser } from "./lib/user";

const LandingPage = lazy(() => import("./pages/public/LandingPage"));
const AuthPage = lazy(() => import("./pages/auth/AuthPage"));
const ForgotPasswordPage = lazy(() => import("./pages/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("./pages/auth/ResetPasswordPage"));
const PricingPage = lazy(() => import("./pages/public/PricingPage"));
const SubscribePage = lazy(() => import("./pages/public/SubscribePage"));
const UpgradePage = lazy(() => import("./pages/account/UpgradePage"));
const AccountPage = lazy(() => import("./pages/account/AccountPage"));
const DocumentationPage = lazy(() => import("./pages/public/DocumentationPage"));
const PrivacyPolicyPage = lazy(() => import("./pages/public/PrivacyPolicyPage"));
const TermsPage = lazy(() => import("./pages/public/TermsPage"));
const PoliciesPage = lazy(() => import("./pages/public/PoliciesPage"));
const ProjectsPage = lazy(() => import("./pages/projects/ProjectsPage"));
const ProjectDetailPage = lazy(() => import("./pages/projects/ProjectDetailPage"));
const InterviewDetailPage = lazy(() => import("./pages/interviews/InterviewDetailPage"));
const ParticipantInterviewPage = lazy(() => import("./pages/participant/ParticipantInterviewPage"));
const MyAnswersPage = lazy(() => import("./pages/my-answers/MyAnswersPage"));
const AdminPage = lazy(() => import("./pages/admin/AdminPage"));
const AdminUserPage = lazy(() => import("./pages/admin/AdminUserPage"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage"));

/** Signed-in routes: a signed-out visitor is sent to /auth. */
function SignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <PageLoader />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return children;
}

/** Signed-out only routes (/auth, password pages): a signed-in user is sent to /. */
function SignedOut({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (user) return <Navigate to="/" replace />;
  return children;
}

/** `/`: the landing page when signed out; admins go to /admin and others to /projects. */
function Home() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (!user) return <LandingPage />;
  return <Navigate to={user.isAdmin ? "/admin" : "/projects"} replace />;
}

export function App() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route
          path="/auth"
          element={
            <SignedOut>
              <AuthPage />
            </SignedOut>
          }
        />
        {/* Spec 2 §2.6 sends a signed-out visitor choosing Free to /register: the sign-up form. */}
        <Route path="/register" element={<Navigate to="/auth?mode=register" replace />} />
        <Route
          path="/forgot-password"
          element={
            <SignedOut>
              <ForgotPasswordPage />
            </SignedOut>
          }
        />
        <Route
          path="/reset-password"
          element={
            <SignedOut>
              <ResetPasswordPage />
            </SignedOut>
          }
        />
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="/subscribe/:planId" element={<SubscribePage />} />
        <Route path="/interview/:shareLink" element={<ParticipantInterviewPage />} />
        {/* The participant's private link (issue 26): signed in or not, like the interview link. */}
        <Route path="/my-answers/:interviewId" element={<MyAnswersPage />} />
        <Route path="/documentation" element={<DocumentationPage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/terms-conditions" element={<TermsPage />} />
        <Route path="/policies-disclaimers" element={<PoliciesPage />} />
        <Route
          path="/projects"
          element={
            <SignedIn>
              <ProjectsPage />
            </SignedIn>
          }
        />
        <Route
          path="/projects/:id"
          element={
            <SignedIn>
              <ProjectDetailPage />
            </SignedIn>
          }
        />
        <Route
          path="/interviews/:id"
          element={
            <SignedIn>
              <InterviewDetailPage />
            </SignedIn>
          }
        />
        <Route
          path="/account"
          element={
            <SignedIn>
              <AccountPage />
            </SignedIn>
          }
        />
        <Route
          path="/upgrade"
          element={
            <SignedIn>
              <UpgradePage />
            </SignedIn>
          }
        />
        <Route
          path="/admin"
          element={
            <SignedIn>
              <AdminPage />
            </SignedIn>
          }
        />
        <Route
          path="/admin/users/:userId"
          element={
            <SignedIn>
              <AdminUserPage />
            </SignedIn>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
